// The playground's two modules: steer.wasm runs the simd128 kernel, and
// steer-scalar.wasm (the same C built without SIMD, ?module=scalar) the
// scalar one. They must give the same bits; their speed at 10k agents is
// printed, not asserted (the machine decides it).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { openPlayground, start } from './browser.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env?.close(); });

// The standard flock of `agents`: its state after 300 steps, then ms per
// step, the best of `rounds` runs of `steps` after a 2 s warm-up (V8 runs
// a module's first calls in its baseline tier).
const runFlock = (page, agents, steps, rounds) => page.evaluate(async ([n, count, times]) => {
  const p = window.steerPlayground;
  p.pause();
  const loaded = await p.load({ scenario: 'standard flock', agents: n, seed: 1 });
  if (!loaded.ok) return { error: loaded.error };
  p.step(300);
  const { hash, kernel, agents: shown } = p.state();
  for (const t0 = performance.now(); performance.now() - t0 < 2000;) p.step(5);
  let ms = Infinity;
  for (let r = 0; r < times; ++r) {
    const t0 = performance.now();
    p.step(count);
    ms = Math.min(ms, (performance.now() - t0) / count);
  }
  return { ms, hash, kernel, agents: shown };
}, [agents, steps, rounds]);

test('steer.wasm runs simd128, steer-scalar.wasm scalar, with the same state hash; their ms/step at 10k', async () => {
  const runs = {};
  for (const module of ['simd', 'scalar']) {
    const { page, problems } = await openPlayground(env, `?paused${module === 'scalar' ? '&module=scalar' : ''}`);
    runs[module] = await runFlock(page, 10000, 50, 3);
    assert.equal(runs[module].error, undefined, runs[module].error);
    assert.deepEqual(problems, []);
    await page.close();
  }
  assert.equal(runs.simd.kernel, 'simd128', 'the page shows the kernel it runs');
  assert.equal(runs.scalar.kernel, 'scalar');
  assert.equal(runs.simd.agents, 10000);
  assert.equal(runs.simd.hash, runs.scalar.hash, 'both modules compute the same bits');
  console.log(`# standard flock, 10k agents, 1 thread in the page: simd128 ${runs.simd.ms.toFixed(2)} ms/step, ` +
    `scalar module ${runs.scalar.ms.toFixed(2)} ms/step, ${(runs.scalar.ms / runs.simd.ms).toFixed(2)}x`);
});
