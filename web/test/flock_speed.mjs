// ms/step of the standard flock in the page: best of ROUNDS runs of STEPS
// steps after a 2 s warm-up, for each module given (`node test/flock_speed.mjs
// [AGENTS] [STEPS] [ROUNDS] [simd|scalar ...]`). Figures only; STEER_DIST
// picks the dist folder (an older build's, to compare), SCENARIO another of
// the page's scenarios (say circle-crossing-1000; a file's own agents).
import { openPlayground, start } from './browser.mjs';

const [agents = 10000, steps = 50, rounds = 5] = process.argv.slice(2, 5).map(Number);
const modules = process.argv.slice(5).length ? process.argv.slice(5) : ['simd', 'scalar'];
const scenario = process.env.SCENARIO ?? 'standard flock';
const env = await start();
try {
  for (const module of modules) {
    const { page } = await openPlayground(env, `?paused${module === 'scalar' ? '&module=scalar' : ''}`);
    const r = await page.evaluate(async ([name, n, count, times]) => {
      const p = window.steerPlayground;
      p.pause();
      const loaded = await p.load(name === 'standard flock' ? { scenario: name, agents: n, seed: 1 } : { scenario: name });
      if (!loaded.ok) return { error: loaded.error };
      // warm up for 2 s: V8 runs a module's first calls in its baseline tier
      for (const t0 = performance.now(); performance.now() - t0 < 2000;) p.step(5);
      let best = Infinity;
      for (let k = 0; k < times; ++k) {
        const t0 = performance.now();
        p.step(count);
        best = Math.min(best, (performance.now() - t0) / count);
      }
      return { ms: best, kernel: p.state().kernel ?? '?', agents: p.state().agents };
    }, [scenario, agents, steps, rounds]);
    console.log(r.error ? `${module}: ${r.error}` :
      `${module.padEnd(7)} kernel ${r.kernel.padEnd(8)} ${scenario}, ${r.agents} agents  ${r.ms.toFixed(2)} ms/step`);
    await page.close();
  }
} finally {
  await env.close();
}
