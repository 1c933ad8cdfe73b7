// The page's speed: ms per step of the wasm world at a given agent count, in
// headless Chromium (`npm run speed`, or `node test/speed.mjs [AGENTS] [STEPS]`).
// Figures only: it asserts nothing, since the machine decides them.
import { openPlayground, start } from './browser.mjs';

const agents = Number(process.argv[2] ?? 10000), steps = Number(process.argv[3] ?? 200);
const env = await start();
try {
  const { page } = await openPlayground(env, '?paused');
  console.log(`ms/step in the page, ${steps} steps after 20 to warm up (the HUD's figure, without drawing)`);
  for (const scenario of ['standard flock', 'flocking', 'showcase']) {
    const r = await page.evaluate(async ([name, n, count]) => {
      const p = window.steerPlayground;
      p.pause();
      const loaded = await p.load({ scenario: name, agents: n, seed: 1 });
      if (!loaded.ok) return { error: loaded.error };
      p.step(20);
      const t0 = performance.now();
      p.step(count);
      return { ms: (performance.now() - t0) / count, agents: p.state().agents };
    }, [scenario, agents, steps]);
    console.log(r.error ? `${scenario}: ${r.error}` : `${scenario.padEnd(16)} ${String(r.agents).padStart(7)} agents  ${r.ms.toFixed(2)} ms/step`);
  }
} finally {
  await env.close();
}
