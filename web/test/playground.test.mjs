// The playground in headless Chromium (Debian's, driven by playwright-core):
// it loads cleanly, animates, answers the mouse and the sliders, pauses, and
// computes exactly what the native build computes.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUILD, DIST, openPlayground, start } from './browser.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env?.close(); });

const hook = (page, fn, arg) => page.evaluate(fn, arg);
const state = (page, options) => hook(page, (o) => window.steerPlayground.state(o), options);
const distance = (a, b) => Math.hypot(a[0] - b[0], a[1] - b[1]);
// The canvas's own pixels (a screenshot would include the HUD drawn over it).
const pixels = (page) => page.evaluate(() => document.getElementById('view').toDataURL());

// Waits until the page has run `steps` more steps (frames are real time, so
// a slow machine waits longer instead of failing).
async function runSteps(page, steps) {
  const from = (await state(page)).step;
  await page.waitForFunction((target) => window.steerPlayground.state().step >= target, from + steps,
    { timeout: 60_000, polling: 50 });
}

test('the page loads with no console errors and shows every scenario', async () => {
  const { page, problems } = await openPlayground(env);
  await runSteps(page, 10);
  const s = await state(page);
  assert.equal(s.error, '');
  assert.ok(s.agents > 0, 'agents in the world');
  const names = await hook(page, () => window.steerPlayground.scenarios());
  const files = JSON.parse(readFileSync(join(DIST, 'scenarios/index.json'), 'utf8'));
  assert.deepEqual(names.slice(1), files);
  for (const name of files) {
    const r = await hook(page, (n) => window.steerPlayground.load({ scenario: n }), name);
    assert.ok(r.ok, `${name}: ${r.error}`);
    assert.ok(r.agents > 0, `${name} has agents`);
    await runSteps(page, 5);
  }
  assert.deepEqual(problems, []);
  await page.close();
});

test('the canvas changes between frames', async () => {
  const { page, problems } = await openPlayground(env, '?scenario=standard&agents=1000');
  await runSteps(page, 5);
  const first = await pixels(page);
  await runSteps(page, 10);
  const second = await pixels(page);
  assert.notEqual(first, second);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a click sets the target and the flock closes on it', async () => {
  const { page, problems } = await openPlayground(env, '?scenario=standard&agents=800&seed=3');
  const { bounds } = await state(page);
  const target = [bounds[0] + 0.2 * (bounds[2] - bounds[0]), bounds[1] + 0.25 * (bounds[3] - bounds[1])];
  const at = await hook(page, ([x, y]) => window.steerPlayground.worldToClient(x, y), target);
  await page.mouse.click(at.x, at.y);
  const s0 = await state(page);
  assert.ok(s0.target, 'the click set a target');
  const pixel = (bounds[2] - bounds[0]) / 300; // generous: a pixel or two of rounding
  assert.ok(distance(s0.target, target) < pixel, `target ${s0.target} near ${target}`);
  const d0 = distance(s0.centroid, s0.target);
  await runSteps(page, 120);
  const d1 = distance((await state(page)).centroid, s0.target);
  await runSteps(page, 120);
  const d2 = distance((await state(page)).centroid, s0.target);
  assert.ok(d1 < d0 && d2 < d1, `centroid distance falls: ${d0.toFixed(2)} ${d1.toFixed(2)} ${d2.toFixed(2)}`);
  assert.ok(d2 < 0.75 * d0, `and falls far: ${d0.toFixed(2)} -> ${d2.toFixed(2)}`);
  assert.deepEqual(problems, []);
  await page.close();
});

test('the separation slider spreads the flock', async () => {
  const { page, problems } = await openPlayground(env, '?scenario=standard&agents=1000&seed=5&paused');
  const slider = page.locator('input[data-param="weight.separation"]');
  const spread = async (weight) => {
    await hook(page, () => window.steerPlayground.load({ seed: 5, agents: 1000 }));
    await slider.fill(String(weight)); // moves the slider: an input event, as a drag
    assert.equal(await hook(page, () => window.steerPlayground.getParam(0, 'weight.separation')), weight);
    await hook(page, () => window.steerPlayground.step(240));
    return (await state(page, { neighbours: true })).meanNeighbourDistance;
  };
  const loose = await spread(6), tight = await spread(0.5);
  assert.ok(loose > 1.15 * tight, `mean nearest-neighbour distance ${tight.toFixed(3)} -> ${loose.toFixed(3)}`);
  assert.deepEqual(problems, []);
  await page.close();
});

test('pause stops the motion and run resumes it', async () => {
  const { page, problems } = await openPlayground(env, '?scenario=standard&agents=1000');
  await runSteps(page, 5);
  await page.click('#pause');
  const a = await state(page);
  assert.ok(a.paused);
  const shotA = await pixels(page);
  await page.waitForTimeout(500);
  const b = await state(page);
  assert.ok(b.frames > a.frames + 5, 'frames still drawn while paused');
  assert.equal(b.step, a.step);
  assert.equal(b.hash, a.hash);
  assert.deepEqual(b.centroid, a.centroid);
  assert.equal(await pixels(page), shotA, 'the same picture');
  await page.click('#step');
  assert.equal((await state(page)).step, a.step + 1, 'the step button steps once');
  await page.click('#pause');
  await runSteps(page, 5);
  assert.deepEqual(problems, []);
  await page.close();
});

test('shift-click drops an obstacle, a drag draws a path, reset takes the seed', async () => {
  const { page, problems } = await openPlayground(env, '?scenario=standard&agents=500&seed=2');
  const { bounds } = await state(page);
  const world = (fx, fy) => [bounds[0] + fx * (bounds[2] - bounds[0]), bounds[1] + fy * (bounds[3] - bounds[1])];
  const client = (p) => hook(page, ([x, y]) => window.steerPlayground.worldToClient(x, y), p);

  const at = await client(world(0.5, 0.5));
  await page.keyboard.down('Shift');
  await page.mouse.click(at.x, at.y);
  await page.keyboard.up('Shift');
  let s = await state(page);
  assert.equal(s.obstacles, 1, 'one obstacle');
  assert.equal(s.target, null, 'a shift-click is not a target');
  assert.ok(await hook(page, () => window.steerPlayground.getParam(0, 'weight.avoid_obstacles')) > 0);

  const from = await client(world(0.2, 0.2)), to = await client(world(0.8, 0.7));
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  for (let k = 1; k <= 12; ++k) await page.mouse.move(from.x + ((to.x - from.x) * k) / 12, from.y + ((to.y - from.y) * k) / 12);
  await page.mouse.up();
  s = await state(page);
  assert.equal(s.paths, 1, 'one path');
  assert.equal(s.target, null, 'a drag is not a click');
  assert.ok(await hook(page, () => window.steerPlayground.getParam(0, 'weight.follow_path')) > 0);
  await runSteps(page, 10);
  assert.equal((await state(page)).error, '');

  await page.click('#pause'); // so the rebuilt world is read before it steps
  await page.fill('#seed', '77');
  await page.click('#reset');
  s = await state(page);
  assert.equal(s.seed, 77);
  assert.equal(s.obstacles, 0, 'reset rebuilds the world');
  const again = await hook(page, async () => {
    const p = window.steerPlayground;
    p.pause();
    await p.load({ scenario: 'standard flock', seed: 77, agents: 500 });
    return p.state().hash;
  });
  assert.equal(s.step, 0);
  assert.equal(s.hash, again, 'the seed box seeds the world');
  assert.deepEqual(problems, []);
  await page.close();
});

test('a bad scenario shows the message of the C checks, naming the JSON path', async () => {
  const { page, problems } = await openPlayground(env, '?scenario=flocking&paused');
  const tried = await hook(page, async () => {
    const p = window.steerPlayground;
    const good = await (await fetch('scenarios/flocking.json')).json();
    const results = [];
    const bad = structuredClone(good);
    bad.groups[0].max_speed = -1;
    results.push(await p.load({ scenario: 'bad speed', document: bad }));
    const typo = structuredClone(good);
    typo.groups[0].behaviours.separtion = 1;
    results.push(await p.load({ scenario: 'typo', document: typo }));
    const odd = structuredClone(good);
    odd.groups[0]['max-speed'] = 3;
    results.push(await p.load({ scenario: 'odd key', document: odd }));
    results.push(await p.load({ scenario: 'flocking' }));
    return results;
  });
  assert.equal(tried[0].ok, false);
  assert.match(tried[0].error, /groups\[0\]\.max_speed: expected a positive number, got -1/);
  assert.equal(tried[1].ok, false);
  assert.match(tried[1].error, /groups\[0\]\.behaviours\.separtion/);
  assert.equal(tried[2].ok, false);
  assert.match(tried[2].error, /groups\[0\]\."max-speed": unknown key/);
  assert.ok(tried[3].ok, 'a good scenario loads again');
  assert.deepEqual(problems, []);
  await page.close();
});

test('the agent count goes up to 100k', async () => {
  const { page, problems } = await openPlayground(env, '?scenario=standard&agents=1000');
  await page.fill('#agents', '250000');
  await page.dispatchEvent('#agents', 'change');
  await page.waitForFunction(() => window.steerPlayground.state().agents === 100000, null, { timeout: 60_000 });
  await runSteps(page, 2);
  assert.equal(await page.inputValue('#agents'), '100000', 'clamped to 100k');
  assert.equal((await state(page)).error, '');
  assert.deepEqual(problems, []);
  await page.close();
});

// ---- the same bits as the native build --------------------------------------------
const native = (args) => {
  const tool = join(BUILD, 'hash_scenario');
  assert.ok(existsSync(tool), `${tool} (make build)`);
  return execFileSync(tool, args, { encoding: 'utf8' }).trim();
};

async function pageHash(page, options, steps) {
  return hook(page, async ([o, n]) => {
    const p = window.steerPlayground;
    p.pause();
    const r = await p.load(o);
    if (!r.ok) return `load failed: ${r.error}`;
    p.step(n);
    const s = p.state();
    return s.step === n ? s.hash : `ran ${s.step} steps`;
  }, [options, steps]);
}

test('the standard flock gives the native state hash after 300 steps', async () => {
  const { page, problems } = await openPlayground(env, '?paused');
  for (const [agents, seed] of [[2000, 1], [5000, 9]]) {
    const web = await pageHash(page, { scenario: 'standard flock', agents, seed }, 300);
    const want = native(['--standard', String(agents), '--seed', String(seed), '--steps', '300']);
    assert.equal(web, want, `standard flock of ${agents}, seed ${seed}`);
  }
  assert.deepEqual(problems, []);
  await page.close();
});

test('every scenario gives the native state hash after 300 steps', async () => {
  const { page, problems } = await openPlayground(env, '?paused');
  const files = JSON.parse(readFileSync(join(DIST, 'scenarios/index.json'), 'utf8'));
  assert.ok(files.length > 0, 'scenarios to compare');
  for (const name of files) {
    const file = join(DIST, 'scenarios', `${name}.json`);
    const asFiled = await pageHash(page, { scenario: name }, 300);
    assert.equal(asFiled, native([file, '--steps', '300']), `${name}, the file's seed`);
    const reseeded = await pageHash(page, { scenario: name, seed: 12345 }, 300);
    assert.equal(reseeded, native([file, '--seed', '12345', '--steps', '300']), `${name}, seed 12345`);
  }
  assert.deepEqual(problems, []);
  await page.close();
});
