// The playground in headless Chromium (Debian's, driven by playwright-core):
// it loads cleanly, animates, answers the mouse and the sliders, pauses, and
// computes exactly what the native build computes.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUILD, DIST, openPlayground, start } from './browser.mjs';
import { client, drag, squads } from './rts.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env?.close(); });

const hook = (page, fn, arg) => page.evaluate(fn, arg);
const state = (page, options) => hook(page, (o) => window.steerPlayground.state(o), options);
const distance = (a, b) => Math.hypot(a[0] - b[0], a[1] - b[1]);
// The canvas's own pixels (a screenshot would include the HUD drawn over it).
const pixels = (page) => page.evaluate(() => document.getElementById('view').toDataURL());
const nextFrames = (page) => page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));

// Waits until the page has run `steps` more steps (frames are real time, so
// a slow machine waits longer instead of failing).
async function runSteps(page, steps) {
  const from = (await state(page)).step;
  await page.waitForFunction((target) => window.steerPlayground.state().step >= target, from + steps,
    { timeout: 60_000, polling: 50 });
}

test('the page loads with no console errors, opens on a flock and shows every scenario', async () => {
  const { page, problems } = await openPlayground(env);
  await runSteps(page, 10);
  const s = await state(page);
  assert.equal(s.error, '');
  assert.ok(s.agents > 0, 'agents in the world');
  const names = await hook(page, () => window.steerPlayground.scenarios());
  const files = JSON.parse(readFileSync(join(DIST, 'scenarios/index.json'), 'utf8'));
  assert.deepEqual([...names].sort(), [...files, 'standard flock'].sort());
  assert.deepEqual(names.slice(0, 2), ['showcase', 'flocking'], 'flocks first');
  assert.equal(s.scenario, names[0], 'the first in the list is what a visitor sees');
  const options = await page.$$eval('#scenario option', (o) => o.map((e) => [e.value, e.textContent]));
  assert.deepEqual(options.map(([value]) => value), names, 'listed in that order');
  assert.deepEqual(options.at(-1), ['standard flock', 'standard flock (benchmark)'], 'the benchmark last, labelled');
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
  // from `ready` on the mapping is the one the page draws with: a click
  // needs no frame to pass first (it moved 17.5 pixels on the first frame)
  const early = await client(page, [3, 4]);
  await nextFrames(page);
  assert.deepEqual(await client(page, [3, 4]), early, 'the mapping holds across the first frames');
  const { bounds } = await state(page);
  const target = [bounds[0] + 0.2 * (bounds[2] - bounds[0]), bounds[1] + 0.25 * (bounds[3] - bounds[1])];
  const at = await client(page, target);
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

// ---- the RTS gesture ----------------------------------------------------------------
const HUD_ORDERS = /selected (\d+), arrived (\d+)/;
const hudOrders = async (page) => {
  await nextFrames(page); // the readout is written each frame
  const m = (await page.textContent('#hud')).match(HUD_ORDERS);
  return m ? [Number(m[1]), Number(m[2])] : null;
};

test('the RTS gesture: a box selects, a right-click sends just those to a formation, they arrive; Esc clears', async () => {
  const { page, problems } = await openPlayground(env, '?paused');
  const r = await hook(page, (doc) => window.steerPlayground.load({ scenario: 'squads', document: doc }), squads);
  assert.ok(r.ok, r.error);
  // Corners well clear of any unit: a pixel of rounding cannot change who
  // is inside. The box takes the first squad and empty ground beside it.
  const box = [[-26.75, -16.75], [-17.75, -12.25]];
  await drag(page, await client(page, box[0]), await client(page, box[1]));
  const s = await state(page, { positions: true });
  const inside = s.positions.filter(([x, y]) => x >= box[0][0] && x <= box[1][0] && y >= box[0][1] && y <= box[1][1]);
  assert.equal(inside.length, 12, 'the test box holds a squad of 4 x 3');
  assert.equal(s.selected, inside.length, 'the agents inside the box are selected');
  assert.deepEqual(await hudOrders(page), [inside.length, 0], 'the readout says "selected 12, arrived 0"');
  const key = ([x, y]) => `${x},${y}`;
  const orders0 = await hook(page, () => window.steerPlayground.orders());
  assert.deepEqual(orders0.map((o) => key(o.position)).sort(), inside.map(key).sort(), 'exactly those');
  assert.equal(s.goals, 0, 'a selection sets no goal');

  const target = [12, 8];
  const at = await client(page, target);
  await page.mouse.click(at.x, at.y, { button: 'right' });
  const sent = await state(page);
  assert.equal(sent.error, '');
  assert.equal(sent.target, null, 'a right-click is not the groups\' target');
  assert.equal(sent.goals, inside.length, 'goals for the selection and nobody else');
  const orders = await hook(page, () => window.steerPlayground.orders());
  assert.ok(orders.every((o) => o.state === 1), 'every selected agent is on its way');
  // A sunflower of slots a separation radius (1) apart, round the click.
  const pixel = 60 / 600;
  const reach = Math.sqrt(inside.length) / 1.546 + pixel;
  for (const o of orders) assert.ok(distance(o.target, target) <= reach, `slot ${o.target} within ${reach.toFixed(2)} of the click`);
  let closest = Infinity;
  for (let i = 0; i < orders.length; ++i)
    for (let j = i + 1; j < orders.length; ++j) closest = Math.min(closest, distance(orders[i].target, orders[j].target));
  assert.ok(closest >= 0.99, `slots at least a separation radius apart (closest ${closest.toFixed(3)})`);

  let steps = 0;
  while ((await state(page)).arrived < inside.length && steps < 1800) {
    await hook(page, () => window.steerPlayground.step(30));
    steps += 30;
  }
  const done = await state(page, { positions: true });
  assert.equal(done.arrived, inside.length, `all arrived (after ${steps} steps)`);
  assert.equal(done.goals, inside.length, 'the others still have no goal');
  assert.deepEqual(await hudOrders(page), [inside.length, inside.length], 'the readout says they arrived');
  for (const o of await hook(page, () => window.steerPlayground.orders()))
    assert.ok(distance(o.position, o.target) <= 0.05 + 1e-6, `on its slot: ${o.position} vs ${o.target}`);
  const now = new Set(done.positions.map(key));
  const others = s.positions.filter((p) => !inside.some((q) => key(q) === key(p)));
  assert.ok(others.every((p) => now.has(key(p))), 'the unselected units have not moved');

  await page.keyboard.press('Escape');
  assert.equal((await state(page)).selected, 0, 'Esc clears the selection');
  assert.equal(await hudOrders(page), null, 'and the readout drops it');
  assert.equal((await state(page)).goals, inside.length, 'the agents keep their orders');
  const middle = await client(page, [0, 0]);
  await page.mouse.click(middle.x, middle.y);
  assert.equal((await state(page)).goals, 0, 'a click (every group\'s target) releases them');
  assert.deepEqual(problems, []);
  await page.close();
});

test('the RTS gesture works on the XZ ground of a Y-up world', async () => {
  const { page, problems } = await openPlayground(env, '?paused');
  // The squads on the ground of a Y-up world: a ground point (x, y) of the
  // 2D file is (x, 0, -y) here, and the page shows it at (x, y) again.
  const onGround = ([x, y]) => [x, 0, -y];
  const doc = structuredClone(squads);
  doc.name = 'y-up squads';
  Object.assign(doc, { dim: 3, up: 'y', bounds: { min: [-30, -5, -20], max: [30, 5, 20] } });
  doc.groups[0].ground_plane = true;
  for (const sp of doc.groups[0].spawn) Object.assign(sp, { from: onGround(sp.from), to: onGround(sp.to), velocity: [0, 0, 0] });
  const r = await hook(page, (d) => window.steerPlayground.load({ scenario: 'y-up squads', document: d }), doc);
  assert.ok(r.ok, r.error);
  const s0 = await state(page, { positions: true });
  assert.equal(s0.dim, 3);
  assert.deepEqual(s0.bounds, [-30, -20, 30, 20], 'the view spans the XZ ground');
  const box = [[-26.75, -16.75], [-17.75, -12.25]];
  const inside = s0.positions.filter(([x, y]) => x >= box[0][0] && x <= box[1][0] && y >= box[0][1] && y <= box[1][1]);
  assert.equal(inside.length, 12, 'the first squad of 4 x 3, where the 2D file has it');
  await drag(page, await client(page, box[0]), await client(page, box[1]));
  const s = await state(page);
  assert.equal(s.error, '');
  assert.equal(s.selected, 12, 'the box on the ground selects them');
  const target = [12, 8];
  const at = await client(page, target);
  await page.mouse.click(at.x, at.y, { button: 'right' });
  assert.equal((await state(page)).goals, 12, 'sent');
  let steps = 0;
  while ((await state(page)).arrived < 12 && steps < 1800) {
    await hook(page, () => window.steerPlayground.step(30));
    steps += 30;
  }
  // Arrival is within the tolerance in 3D: a slot off the agents' height
  // (they keep y = 0 on their ground plane) could never be reached.
  assert.equal((await state(page)).arrived, 12, `all arrived on the ground (after ${steps} steps)`);
  for (const o of await hook(page, () => window.steerPlayground.orders())) {
    assert.ok(distance(o.position, o.target) <= 0.05 + 1e-6, `on its slot: ${o.position} vs ${o.target}`);
    assert.ok(distance(o.target, target) <= Math.sqrt(12) / 1.546 + 0.2, `slot ${o.target} round the click`);
  }
  assert.deepEqual(problems, []);
  await page.close();
});

test('the RTS gesture through a garrison: its idle units make way (arrived_priority) and return to their posts', async () => {
  const { page, problems } = await openPlayground(env, '?paused');
  const r = await hook(page, () => window.steerPlayground.load({ scenario: 'garrison_crossing' }));
  assert.ok(r.ok, r.error);
  const run = async (done, most) => {
    let steps = 0;
    while (!(await done()) && steps < most) {
      await hook(page, () => window.steerPlayground.step(60));
      steps += 60;
    }
    return steps;
  };
  // The file's two squads cross the garrison, every unit of one priority
  // but 0.1 while on its post (the garrison's slider shows it).
  await page.selectOption('#group', '2');
  assert.equal(Number(await page.locator('input[data-param="arrived_priority"]').inputValue()), 0.1);
  assert.equal(await hook(page, () => window.steerPlayground.getParam(2, 'priority')), 1);
  const s0 = await state(page);
  assert.equal(s0.goals, 56);
  let steps = await run(async () => (await state(page)).goalsArrived === 56, 3000);
  assert.equal((await state(page)).goalsArrived, 56, `the squads through, the garrison on its posts (${steps} steps)`);
  // The garrison's fourth column (x = -0.7), sent west through the three
  // columns beside it.
  const box = [[-1.3, -3.4], [-0.1, 3.4]];
  await drag(page, await client(page, box[0]), await client(page, box[1]));
  assert.equal((await state(page)).selected, 5, 'the column of 5 selected');
  const at = await client(page, [-20, 0]);
  await page.mouse.click(at.x, at.y, { button: 'right' });
  assert.equal((await state(page)).goalsArrived, 51, 'the column is on its way');
  steps = await run(async () => (await state(page)).arrived === 5, 1800);
  const mid = await state(page, { positions: true });
  assert.equal(mid.arrived, 5, `the column through the garrison (${steps} steps)`);
  steps = await run(async () => (await state(page)).goalsArrived === 56, 1800);
  assert.equal((await state(page)).goalsArrived, 56, `every other unit back on its post (${steps} more steps)`);
  assert.equal((await state(page)).error, '');
  assert.deepEqual(problems, []);
  await page.close();
});

test('the RTS gesture keeps a formation on the click\'s side of walls and out of rocks', async () => {
  const { page, problems } = await openPlayground(env, '?scenario=garrison&paused');
  // The garrison's 40 units, sent along the road (walls at y = +-5) near
  // a rock dropped on it: a sunflower of 40 slots is wider than the road.
  const rock = await hook(page, () => window.steerPlayground.addObstacle(18, 1, 1.5));
  assert.ok(rock >= 0);
  const box = [[-5.5, -3.4], [5.5, 3.4]];
  await drag(page, await client(page, box[0]), await client(page, box[1]));
  assert.equal((await state(page)).selected, 40);
  const at = await client(page, [15, 3]);
  await page.mouse.click(at.x, at.y, { button: 'right' });
  const orders = await hook(page, () => window.steerPlayground.orders());
  assert.equal(orders.length, 40);
  const half = 1.25 / 2; // two and a half radii of 0.5, halved
  for (const o of orders) {
    assert.ok(Math.abs(o.target[1]) <= 5 - half + 1e-4, `slot ${o.target} inside the road`);
    assert.ok(distance(o.target, [18, 1]) >= 1.5 + half - 1e-4, `slot ${o.target} out of the rock`);
  }
  let steps = 0;
  while ((await state(page)).arrived < 40 && steps < 3600) {
    await hook(page, () => window.steerPlayground.step(60));
    steps += 60;
  }
  assert.equal((await state(page)).arrived, 40, `all on their slots (${steps} steps)`);
  assert.equal((await state(page)).error, '', 'nothing in their way: no message');
  // Sent past the road's wall (y = 5): the formation stands on the click's
  // side, and the page says at once that a wall holds every one of them.
  const behind = await client(page, [15, 8]);
  await page.mouse.click(behind.x, behind.y, { button: 'right' });
  const walled = await hook(page, () => window.steerPlayground.orders());
  assert.ok(walled.every((o) => o.target[1] > 5), 'the slots past the wall');
  assert.match((await state(page)).error, /^send: 40 of 40 have a wall between them and that place/);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a slider stepped away by a key and back lands on its round value again', async () => {
  const { page, problems } = await openPlayground(env, '?scenario=standard&agents=500&paused');
  // The standard flock's mass and priority are 1; its max speed and force are round too.
  for (const name of ['mass', 'priority', 'max_speed', 'max_force']) {
    const slider = page.locator(`input[data-param="${name}"]`);
    const was = await hook(page, (n) => window.steerPlayground.getParam(0, n), name);
    if (name === 'mass' || name === 'priority') assert.equal(was, 1);
    await slider.focus();
    await page.keyboard.press('ArrowRight');
    assert.notEqual(await hook(page, (n) => window.steerPlayground.getParam(0, n), name), was, `${name} moved`);
    await page.keyboard.press('ArrowLeft');
    assert.equal(await hook(page, (n) => window.steerPlayground.getParam(0, n), name), was, `${name} back on ${was}`);
  }
  assert.deepEqual(problems, []);
  await page.close();
});

// A phone-sized page with a finger: touch events through the DevTools
// protocol, a tap and a drag in ten moves, at client points.
async function openTouchPage(query) {
  const page = await env.browser.newPage({ hasTouch: true, viewport: { width: 390, height: 844 } });
  const problems = [];
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  await page.goto(`${env.url}${query}`);
  await page.evaluate(() => window.steerPlayground.ready);
  const cdp = await page.context().newCDPSession(page);
  const touch = (type, at) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: at ? [{ x: at.x, y: at.y }] : [] });
  const tap = async (at) => { await touch('touchStart', at); await touch('touchEnd'); };
  const swipe = async (from, to) => {
    await touch('touchStart', from);
    for (let k = 1; k <= 10; ++k) await touch('touchMove', { x: from.x + ((to.x - from.x) * k) / 10, y: from.y + ((to.y - from.y) * k) / 10 });
    await touch('touchEnd');
  };
  return { page, problems, tap, swipe };
}

test('on a touch screen a finger\'s drag selects and its tap sends the selection', async () => {
  const { page, problems, tap, swipe } = await openTouchPage('?scenario=garrison&paused');
  await swipe(await client(page, [-5.5, -3.4]), await client(page, [5.5, 3.4]));
  assert.equal((await state(page)).selected, 40, 'the drag selected the garrison (not scrolled the page)');
  await tap(await client(page, [15, 3]));
  const orders = await hook(page, () => window.steerPlayground.orders());
  assert.equal(orders.length, 40);
  assert.ok(orders.every((o) => o.state === 1 && distance(o.target, [15, 3]) < 12), 'each on its way to a slot there');
  assert.equal((await state(page)).target, null, 'not every group\'s target');
  assert.deepEqual(problems, []);
  await page.close();
});

test('on a touch screen the draw button stands in for shift: a tap drops an obstacle, a drag draws a path', async () => {
  const { page, problems, tap, swipe } = await openTouchPage('?scenario=standard&agents=300&seed=5&paused');
  const { bounds } = await state(page);
  const world = (fx, fy) => [bounds[0] + fx * (bounds[2] - bounds[0]), bounds[1] + fy * (bounds[3] - bounds[1])];
  await page.click('#draw');
  assert.equal(await page.getAttribute('#draw', 'aria-pressed'), 'true');
  await tap(await client(page, world(0.5, 0.5)));
  let s = await state(page);
  assert.deepEqual([s.obstacles, s.target], [1, null], 'the tap dropped an obstacle, set no target');
  await swipe(await client(page, world(0.2, 0.3)), await client(page, world(0.8, 0.6)));
  s = await state(page);
  assert.deepEqual([s.paths, s.selected], [1, 0], 'the drag drew a path, selected nothing');
  await page.click('#draw');
  assert.equal(await page.getAttribute('#draw', 'aria-pressed'), 'false');
  await tap(await client(page, world(0.3, 0.7)));
  s = await state(page);
  assert.equal(s.obstacles, 1, 'drawing off: a tap drops nothing');
  assert.notEqual(s.target, null, 'it sets the target again');
  await page.keyboard.press('d'); // the key toggles it too
  assert.equal(await page.getAttribute('#draw', 'aria-pressed'), 'true');
  assert.deepEqual(problems, []);
  await page.close();
});

test('a long description shows three lines, and all of it on a click; a new scenario\'s starts folded', async () => {
  const { page, problems } = await openPlayground(env, '?scenario=doorway&paused');
  const size = () => page.$eval('#about', (e) => ({ shown: e.clientHeight, whole: e.scrollHeight, text: e.textContent }));
  const folded = await size();
  assert.ok(folded.text.length > 500 && folded.whole > folded.shown + 10, `folded: ${folded.shown} of ${folded.whole} px`);
  await page.click('#about');
  const open = await size();
  assert.ok(open.shown >= open.whole && open.shown > folded.shown, `open: ${open.shown} of ${open.whole} px`);
  assert.equal(await page.getAttribute('#about', 'aria-expanded'), 'true');
  await page.keyboard.press('Enter'); // focused by the click: Enter folds it
  assert.equal((await size()).shown, folded.shown);
  await page.click('#about');
  await page.selectOption('#scenario', 'four_way');
  await page.waitForFunction(() => window.steerPlayground.state().scenario === 'four_way');
  assert.equal(await page.getAttribute('#about', 'aria-expanded'), 'false');
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

test('shift-click drops an obstacle, a shift-drag draws a path, reset takes the seed', async () => {
  const { page, problems } = await openPlayground(env, '?scenario=standard&agents=500&seed=2');
  const { bounds } = await state(page);
  const world = (fx, fy) => [bounds[0] + fx * (bounds[2] - bounds[0]), bounds[1] + fy * (bounds[3] - bounds[1])];

  const at = await client(page, world(0.5, 0.5));
  await page.keyboard.down('Shift');
  await page.mouse.click(at.x, at.y);
  await page.keyboard.up('Shift');
  let s = await state(page);
  assert.equal(s.obstacles, 1, 'one obstacle');
  assert.equal(s.target, null, 'a shift-click is not a target');
  assert.ok(await hook(page, () => window.steerPlayground.getParam(0, 'weight.avoid_obstacles')) > 0);

  const from = await client(page, world(0.2, 0.2)), to = await client(page, world(0.8, 0.7));
  await page.keyboard.down('Shift');
  await drag(page, from, to);
  await page.keyboard.up('Shift');
  s = await state(page);
  assert.equal(s.paths, 1, 'one path');
  assert.equal(s.target, null, 'a drag is not a click');
  assert.equal(s.selected, 0, 'a shift-drag selects nothing');
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

test('the agent count goes up to 100k, shown whole', async () => {
  const { page, problems } = await openPlayground(env, '?scenario=standard&agents=1000');
  await page.fill('#agents', '100000');
  await page.dispatchEvent('#agents', 'change');
  await page.waitForFunction(() => window.steerPlayground.state().agents === 100000, null, { timeout: 60_000 });
  await runSteps(page, 2);
  assert.equal(await page.inputValue('#agents'), '100000');
  const box = await page.$eval('#agents', (e) => [e.scrollWidth, e.clientWidth]);
  assert.ok(box[0] <= box[1], `"100000" fits its box (text ${box[0]} px, box ${box[1]} px)`);
  assert.equal((await state(page)).error, '');
  assert.deepEqual(problems, []);
  await page.close();
});

// ---- what a visitor sees ------------------------------------------------------------
// A sparse world of big agents (radius 1.2), some spawned on the border.
const bigAgents = {
  name: 'big agents', bounds: { min: [-20, -15], max: [20, 15] }, boundary: 'wrap', seed: 3, dt: 0.05, steps: 10,
  groups: [{
    name: 'big', colour: '#ff3030', max_speed: 4, max_force: 8, radius: 1.2,
    neighbours: { radius: 3, separation_radius: 2 }, behaviours: { separation: 2, wander: { weight: 1, jitter: 2 } },
    spawn: [{ count: 24, speed: 3, min: [-14, -10], max: [14, 10] },
      { shape: 'points', count: 4, points: [[-19.9, 0], [19.9, 4], [3, 14.9], [-6, -14.9]], heading: 0.7 }],
  }],
};

// The canvas measured against the world: painted pixels outside the world
// box (beyond the border line), painted pixels farther from every agent
// than its body radius, and painted pixels in all.
const measureAgents = (page) => page.evaluate(() => {
  const p = window.steerPlayground, { scale, ox, oy } = p.camera();
  const s = p.state({ positions: true }), radius = 1.2 * scale;
  const c = document.getElementById('view'), img = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  const [x0, y0, x1, y1] = s.bounds, left = ox + x0 * scale, right = ox + x1 * scale, top = oy - y1 * scale, bottom = oy - y0 * scale;
  const bg = [img[0], img[1], img[2]];
  let outside = 0, far = 0, painted = 0;
  for (let y = 0; y < c.height; ++y)
    for (let x = 0; x < c.width; ++x) {
      const k = 4 * (y * c.width + x);
      if (Math.max(Math.abs(img[k] - bg[0]), Math.abs(img[k + 1] - bg[1]), Math.abs(img[k + 2] - bg[2])) <= 8) continue;
      const cx = x + 0.5, cy = y + 0.5;
      if (cx < left - 2 || cx > right + 2 || cy < top - 2 || cy > bottom + 2) { ++outside; continue; }
      if (cx < left + 2 || cx > right - 2 || cy < top + 2 || cy > bottom - 2) continue; // the border line
      ++painted;
      const near = s.positions.some(([ax, ay]) => Math.hypot(cx - (ox + ax * scale), cy - (oy - ay * scale)) <= radius + 1.5);
      if (!near) ++far;
    }
  return { outside, far, painted, agents: s.agents, radius };
});

test('agents are drawn to scale and cut at the world border', async () => {
  const { page, problems } = await openPlayground(env, '?paused');
  const r = await hook(page, (doc) => window.steerPlayground.load({ scenario: 'big agents', document: doc }), bigAgents);
  assert.ok(r.ok, r.error);
  await nextFrames(page);
  const m = await measureAgents(page);
  assert.equal(m.agents, 28);
  assert.equal(m.outside, 0, 'nothing painted past the border');
  assert.equal(m.far, 0, `every painted pixel within a body radius (${m.radius.toFixed(1)} px) of an agent`);
  // A dart inside the body circle covers about r^2 (0.5 * 1.8 r * 1.1 r);
  // the four on the border are partly cut off.
  const dart = m.radius * m.radius * 0.99;
  assert.ok(m.painted > 0.75 * 24 * dart && m.painted < 1.15 * 28 * dart,
    `${m.painted} px painted, about ${(28 * dart).toFixed(0)} expected: darts of the body's size`);
  // The benchmark's dense torus is cut at its border too.
  await hook(page, () => window.steerPlayground.load({ scenario: 'standard flock', agents: 2000, seed: 1 }));
  await nextFrames(page);
  assert.equal((await measureAgents(page)).outside, 0, 'the standard flock stays inside its border');
  // The overlays too: the flow fields' arrows on the world's edge point out
  // of it (their grids' nodes lie on the border).
  await hook(page, () => window.steerPlayground.load({ scenario: 'flow_field' }));
  await nextFrames(page);
  assert.equal((await measureAgents(page)).outside, 0, 'the flow fields\' arrows stay inside the border');
  assert.deepEqual(problems, []);
  await page.close();
});

// How many canvas pixels within `radius` CSS pixels of a world point are of
// `colour` (#rrggbb; anti-aliased edges half covered or more count).
const pixelsOf = (page, point, radius, colour) => page.evaluate(([[x, y], radius, colour]) => {
  const { scale, ox, oy, dpr } = window.steerPlayground.camera();
  const want = [1, 3, 5].map((k) => parseInt(colour.slice(k, k + 2), 16));
  const c = document.getElementById('view'), r = Math.ceil(radius * dpr);
  const cx = Math.round(ox + x * scale), cy = Math.round(oy - y * scale);
  const img = c.getContext('2d').getImageData(cx - r, cy - r, 2 * r + 1, 2 * r + 1).data;
  let count = 0;
  for (let k = 0; k < img.length; k += 4)
    if (Math.max(...want.map((v, j) => Math.abs(img[k + j] - v))) <= 64) ++count;
  return count;
}, [point, radius, colour]);

test('the groups\' targets and threats are marked as steer run marks them: arrive_seek\'s green target is there to see', async () => {
  // arrive_seek: "Arrive lands softly on its target (green) ... Seek
  // overshoots and circles forever (red); flee scatters a crowd from a
  // threat (yellow)": a ring (with a dot) on each target, a cross on the
  // threat, in the colour of the groups that use them.
  const { page, problems } = await openPlayground(env, '?scenario=arrive_seek&paused');
  await nextFrames(page);
  // At step 0 no agent is near either target.
  const green = await pixelsOf(page, [-10, 10], 12, '#7be07b'), red = await pixelsOf(page, [15, 10], 12, '#ff6b5e');
  assert.ok(green >= 15, `the arrive target is marked in green (${green} px)`);
  assert.ok(red >= 15, `the seek target is marked in red (${red} px)`);
  // The crowd starts on the threat: once it has fled, the cross stays.
  await hook(page, () => window.steerPlayground.step(150));
  await nextFrames(page);
  const yellow = await pixelsOf(page, [0, -12], 12, '#ffc857');
  assert.ok(yellow >= 15, `the flee threat is marked in yellow (${yellow} px)`);
  // A click moves every group's target there: the click's crosshair marks it,
  // and the old places are marked no more.
  const to = await client(page, [25, -20]);
  await page.mouse.click(to.x, to.y);
  await nextFrames(page);
  assert.equal(await pixelsOf(page, [15, 10], 12, '#ff6b5e') < red / 2, true, 'the seek target moved with the click');
  assert.deepEqual(problems, []);
  await page.close();
});

// A big red agent standing on a green group's arrive target, inside that
// group's pen: the marks lie beneath the agents, as in steer run's pictures.
const standingOnAMark = {
  name: 'on a mark', bounds: { min: [-10, -10], max: [10, 10] }, boundary: 'clamp', seed: 1, dt: 0.05, steps: 10,
  groups: [
    { name: 'seekers', colour: '#30ff30', radius: 0.3, neighbours: { groups: ['seekers'] },
      behaviours: { arrive: { target: [0, 0] }, contain: { min: [-1, -9], max: [9, 9] } },
      spawn: [{ shape: 'points', points: [[-8, -8]], speed: 0 }] },
    { name: 'stander', colour: '#ff3030', radius: 2, neighbours: { groups: ['stander'] }, behaviours: { separation: 1 },
      spawn: [{ shape: 'points', points: [[0, 0]], speed: 0 }] },
  ],
};

// How many canvas pixels within `radius` CSS pixels of a world point show
// `colour` (#rrggbb) over the world's background, whole or translucent: off
// the background toward that colour (the marks are drawn faint).
const pixelsNear = (page, point, radius, colour) => page.evaluate(([[x, y], radius, colour]) => {
  const { scale, ox, oy, dpr } = window.steerPlayground.camera();
  const bg = [0x10, 0x15, 0x1c], toward = [1, 3, 5].map((k, j) => parseInt(colour.slice(k, k + 2), 16) - bg[j]);
  const c = document.getElementById('view'), r = Math.ceil(radius * dpr);
  const img = c.getContext('2d').getImageData(Math.round(ox + x * scale) - r, Math.round(oy - y * scale) - r, 2 * r + 1, 2 * r + 1).data;
  const length = (v) => Math.hypot(...v);
  let near = 0;
  for (let k = 0; k < img.length; k += 4) {
    const off = [0, 1, 2].map((j) => img[k + j] - bg[j]);
    const cos = off.reduce((sum, v, j) => sum + v * toward[j], 0) / (length(off) * length(toward) || 1);
    if (length(off) > 20 && cos > 0.97) ++near;
  }
  return near;
}, [point, radius, colour]);

test('the marks lie beneath the agents: an agent standing on a target and a pen edge hides them', async () => {
  const { page, problems } = await openPlayground(env, '?paused');
  const r = await hook(page, (doc) => window.steerPlayground.load({ scenario: 'on a mark', document: doc }), standingOnAMark);
  assert.ok(r.ok, r.error);
  await nextFrames(page);
  const { scale, dpr } = await hook(page, () => window.steerPlayground.camera());
  const ring = Math.max(4, 0.6 * 16) + 2; // the target's ring (its radius at most 0.6 * 16 px) and its stroke
  // The dart faces +x, its tip a body radius R ahead and its back corners
  // 0.55 R aside 0.8 R behind: 0.3 (R - x) wide each side at x.
  assert.ok(0.3 * (2 * scale / dpr - ring) > ring, 'the red dart covers the whole ring');
  // Over the agents, the ring and its dot showed green inside the red dart.
  assert.equal(await pixelsNear(page, [0, 0], ring, '#30ff30'), 0, 'no green over the red agent');
  assert.ok(await pixelsOf(page, [0, 0], ring, '#ff3030') > 0.9 * (2 * ring + 1) ** 2, 'the agent shows whole');
  // The pen's left edge (x = -1) crosses the dart too; away from it, it shows.
  assert.equal(await pixelsNear(page, [-1, 0], 3, '#30ff30'), 0, 'no pen line over the agent');
  assert.ok(await pixelsNear(page, [-1, 6], 3, '#30ff30') > 0, 'the pen is drawn where no agent stands');
  assert.deepEqual(problems, []);
  await page.close();
});

// What the descriptions promise, drawn at the start, where no agent is yet:
// wander_containment's pens ("kept inside their pens by containment
// alone"), formation's route ("a leader walks a route of waypoints"), the
// places of places ("grids of places") and arrive_seek's panic distance.
test('the pens, routes and places the scenarios describe are drawn, as steer run draws them', async () => {
  const { page, problems } = await openPlayground(env, '?paused');
  const seen = async (scenario, point, colour) => {
    const r = await hook(page, (n) => window.steerPlayground.load({ scenario: n }), scenario);
    assert.ok(r.ok, r.error);
    await nextFrames(page);
    return pixelsNear(page, point, 3, colour);
  };
  assert.ok(await seen('wander_containment', [-38, 0], '#ffc857') > 0, 'the restless pen\'s left edge');
  assert.ok(await seen('wander_containment', [38, 0], '#7be07b') > 0, 'the calm pen\'s right edge');
  assert.ok(await seen('formation', [8, -1], '#ffc857') > 0, 'the leader\'s route between its third and fourth waypoints');
  assert.ok(await seen('places', [23, 21], '#ff6b5e') > 0, 'a red place');
  assert.ok(await seen('places', [20, -37.5], '#5eb8ff') > 0, 'a blue place');
  assert.ok(await seen('arrive_seek', [12, -12], '#ffc857') > 0, 'the threat\'s panic distance');
  assert.deepEqual(problems, []);
  await page.close();
});

test('a selected agent\'s ring stands clear of its body: its squad\'s colour shows whole', async () => {
  // rts_squads: a red squad and a blue one, small bodies (about 2.5 px).
  const { page, problems } = await openPlayground(env, '?scenario=rts_squads&paused');
  await nextFrames(page);
  // The canvas before and after the selection (the world paused: the same
  // picture but for the selection), compared in the page.
  await page.evaluate(() => {
    const c = document.getElementById('view');
    window.canvasBefore = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  });
  const { bounds } = await state(page);
  await drag(page, await client(page, [bounds[0], bounds[3]]), await client(page, [bounds[2], bounds[1]]));
  await nextFrames(page);
  const s = await state(page);
  assert.equal(s.selected, s.agents, 'the box takes every agent');
  const { covered, ringed, body } = await page.evaluate(() => {
    const p = window.steerPlayground, { scale, ox, oy, dpr } = p.camera(), before = window.canvasBefore;
    const c = document.getElementById('view'), after = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    const body = Math.max(0.4 * scale, 2) + 0.5; // the dart (or dot) and its anti-aliased edge
    const reach = 12 * dpr;
    const centres = p.state({ positions: true }).positions.map(([x, y]) => [ox + x * scale, oy - y * scale]);
    const changed = (px, py) => { const k = 4 * (py * c.width + px); return [0, 1, 2].some((j) => before[k + j] !== after[k + j]); };
    let covered = 0, ringed = 0;
    centres.forEach(([cx, cy], i) => {
      // a neighbour's ring may cross this body: only pixels out of every
      // other agent's reach count
      const near = centres.filter(([x, y], j) => j !== i && Math.hypot(x - cx, y - cy) < 2 * reach);
      let ring = false;
      for (let py = Math.floor(cy - reach); py <= cy + reach; ++py)
        for (let px = Math.floor(cx - reach); px <= cx + reach; ++px) {
          if (!changed(px, py)) continue;
          const r = Math.hypot(px + 0.5 - cx, py + 0.5 - cy);
          if (r <= body && near.every(([x, y]) => Math.hypot(px + 0.5 - x, py + 0.5 - y) > reach)) ++covered;
          if (r > body && r <= body + 4 * dpr) ring = true;
        }
      if (ring) ++ringed;
    });
    return { covered, ringed, body };
  });
  assert.equal(covered, 0, `no pixel of a body (${body.toFixed(1)} px) is painted over by the selection`);
  assert.equal(ringed, s.agents, 'every selected agent is ringed');
  assert.deepEqual(problems, []);
  await page.close();
});

test('the readout has a backdrop of its own and nothing overlaps', async () => {
  const { page, problems } = await openPlayground(env, '?scenario=showcase&agents=100000&paused');
  await nextFrames(page);
  const layout = await page.evaluate(() => {
    const box = (id) => document.getElementById(id).getBoundingClientRect().toJSON();
    const hud = document.getElementById('hud');
    return {
      hud: box('hud'), help: box('help'), canvas: box('view'), background: getComputedStyle(hud).backgroundColor,
      fits: [hud.scrollWidth <= hud.clientWidth, hud.scrollHeight <= hud.clientHeight], text: hud.textContent,
    };
  });
  const overlap = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  assert.ok(!overlap(layout.hud, layout.canvas), 'the readout is not over the world');
  assert.ok(!overlap(layout.help, layout.canvas), 'the help is not over the world');
  assert.ok(!overlap(layout.hud, layout.help), 'the readout and the help do not overlap');
  const [, r, g, b, a = '1'] = layout.background.match(/rgba?\((\d+), (\d+), (\d+)(?:, ([\d.]+))?\)/) ?? [];
  assert.ok(Number(a) >= 0.9 && Math.max(r, g, b) < 60, `an opaque dark backdrop: ${layout.background}`);
  assert.deepEqual(layout.fits, [true, true], 'the readout fits its bar');
  assert.match(layout.text, /100,\d{3} agents/);
  assert.match(layout.text, /showcase · seed 2024 · hash [0-9a-f]{16}/);
  assert.deepEqual(problems, []);
  await page.close();
});

test('reset with nothing changed builds the same world; a count asked for scales all but the points spawns', async () => {
  // These scenarios mix spawns of given points (their count is their points)
  // with scaled ones: reset once added the points' agents again every time.
  for (const scenario of ['formation', 'showcase', 'arrive_seek', 'pursuit_evasion']) {
    const { page, problems } = await openPlayground(env, `?scenario=${scenario}&paused`);
    const was = await state(page);
    for (let k = 0; k < 2; ++k) {
      await page.click('#reset');
      await nextFrames(page);
      const now = await state(page);
      assert.deepEqual([now.agents, now.hash], [was.agents, was.hash], `${scenario}: reset ${k + 1}`);
    }
    assert.equal(await page.textContent('#agents-message'), '', `${scenario}: no message`);
    assert.deepEqual(problems, []);
    await page.close();
  }
  // formation: ten agents given as points (the leader, a wedge of eight and
  // one more) and a line of three; 27 more asked for: the line takes them.
  const { page, problems } = await openPlayground(env, '?scenario=formation&paused');
  const was = await state(page);
  await page.fill('#agents', String(was.agents + 27));
  await page.click('#reset');
  assert.equal((await state(page)).agents, was.agents + 27);
  assert.deepEqual(problems, []);
  await page.close();
  // A count the spawns' shares round away from (the showcase's 2400, 90 and
  // 220 scaled, beside 87 agents given as points) is spawned exactly, so a
  // reset asks for it again and builds the same world (it once spawned 501
  // for 500, then 502 on the reset).
  for (const agents of [500, 501, 777]) {
    const { page, problems } = await openPlayground(env, `?scenario=showcase&agents=${agents}&seed=3&paused`);
    const first = await state(page);
    assert.equal(first.agents, agents, `showcase: ${agents} asked for`);
    await page.click('#reset');
    await nextFrames(page);
    const again = await state(page);
    assert.deepEqual([again.agents, again.hash], [first.agents, first.hash], `showcase, ${agents}: the reset's world`);
    assert.deepEqual(problems, []);
    await page.close();
  }
});

test('a seed or agent count out of its rule is refused where it was typed', async () => {
  const { page, problems } = await openPlayground(env, '?scenario=standard&agents=1000&seed=4&paused');
  const was = await state(page);
  const SEED = 'seed: expected a whole number from 0 to 9,007,199,254,740,991, got';
  const AGENTS = 'agents: expected a whole number from 1 to 100,000, got';
  for (const [seed, agents, field, message] of [
    ['-5', '1000', 'seed', `${SEED} -5`], ['1.7', '1000', 'seed', `${SEED} 1.7`], ['', '1000', 'seed', `${SEED} nothing`],
    ['4', '250000', 'agents', `${AGENTS} 250000`], ['4', '0', 'agents', `${AGENTS} 0`], ['4', '2e3', 'agents', `${AGENTS} 2e3`],
  ]) {
    await page.fill('#seed', seed);
    await page.fill('#agents', agents);
    await page.click('#reset');
    assert.equal(await page.textContent(`#${field}-message`), message);
    const other = field === 'seed' ? 'agents' : 'seed'; // valid, and held back: said there too
    assert.equal(await page.textContent(`#${other}-message`),
      `${other}: not applied while the ${field === 'seed' ? 'seed' : 'agent count'} is refused`);
    assert.equal(await page.getAttribute(`#${other}`, 'aria-invalid'), 'false', 'a note, not an error');
    assert.equal(await page.getAttribute(`#${field}`, 'aria-invalid'), 'true');
    assert.equal(await page.inputValue(`#${field}`), field === 'seed' ? seed : agents, 'what was typed stays');
    const now = await state(page);
    assert.deepEqual([now.seed, now.agents, now.step, now.hash], [was.seed, was.agents, was.step, was.hash], 'the world is unchanged');
  }
  await page.fill('#seed', '9');
  await page.fill('#agents', '1200');
  await page.click('#reset');
  const s = await state(page);
  assert.deepEqual([s.seed, s.agents], [9, 1200]);
  assert.equal(await page.textContent('#seed-message'), '');
  assert.equal(await page.textContent('#agents-message'), '');
  assert.equal(await page.getAttribute('#seed', 'aria-invalid'), 'false');
  await page.fill('#overlay-agents', '0');
  await page.dispatchEvent('#overlay-agents', 'change');
  assert.equal(await page.textContent('#overlay-agents-message'), 'for: expected a whole number from 1 to 5,000, got 0');
  assert.deepEqual(problems, []);
  await page.close();

  // From the address too: the message shows and the page starts without the value.
  const second = await openPlayground(env, '?scenario=standard&seed=1.7&agents=500&paused');
  assert.equal(await second.page.textContent('#seed-message'), `${SEED} 1.7`);
  assert.equal(await second.page.inputValue('#seed'), '1.7');
  assert.equal((await state(second.page)).seed, 1);
  assert.deepEqual(second.problems, []);
  await second.page.close();
});

test('a scenario file from the picker or a drop loads; a bad one shows the steer command\'s message', async () => {
  const { page, problems } = await openPlayground(env, '?paused');
  const good = readFileSync(join(DIST, 'scenarios', 'flocking.json'));
  await page.setInputFiles('#file', { name: 'my-flock.json', mimeType: 'application/json', buffer: good });
  await page.waitForFunction(() => window.steerPlayground.state().scenario === 'file:my-flock.json');
  assert.equal(await page.$eval('#scenario', (e) => e.selectedOptions[0].textContent), 'my-flock.json');
  assert.match(await page.textContent('#hud'), /my-flock\.json · seed 7/);
  const loaded = await state(page);

  // The file checked by the steer command: status 2 and its message.
  const dir = mkdtempSync(join(tmpdir(), 'steer-web-'));
  try {
    const bad = JSON.parse(good);
    bad.groups[0].neighbours.radius = 'wide';
    writeFileSync(join(dir, 'bad-radius.json'), JSON.stringify(bad));
    const cli = spawnSync(join(BUILD, 'steer'), ['run', 'bad-radius.json', '-o', 'out'], { cwd: dir, encoding: 'utf8' });
    assert.equal(cli.status, 2, cli.stderr);
    const expected = cli.stderr.trim();
    assert.match(expected, /^bad-radius\.json: groups\[0\]\.neighbours\.radius: /);
    await page.setInputFiles('#file', join(dir, 'bad-radius.json'));
    await page.waitForFunction(() => document.getElementById('file-message').textContent !== '');
    assert.equal(await page.textContent('#file-message'), expected, 'the same text as the steer command');

    // A key the format cannot hold, and a mistake after it: both named, as the steer command names them.
    const odd = JSON.parse(good);
    odd.groups[0]['max speed'] = 1;
    odd.groups[0].mass = 0;
    writeFileSync(join(dir, 'odd-key.json'), JSON.stringify(odd));
    const oddCli = spawnSync(join(BUILD, 'steer'), ['run', 'odd-key.json', '-o', 'out'], { cwd: dir, encoding: 'utf8' });
    assert.equal(oddCli.status, 2, oddCli.stderr);
    const oddExpected = oddCli.stderr.trim();
    assert.match(oddExpected, /groups\[0\]\."max speed": unknown key/);
    assert.match(oddExpected, /groups\[0\]\.mass: /);
    await page.setInputFiles('#file', join(dir, 'odd-key.json'));
    await page.waitForFunction(() => document.getElementById('file-message').textContent.startsWith('odd-key.json'));
    assert.equal(await page.textContent('#file-message'), oddExpected, 'every mistake, as the steer command shows them');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const kept = await state(page);
  assert.deepEqual([kept.scenario, kept.hash], [loaded.scenario, loaded.hash], 'the running world is kept');

  await page.setInputFiles('#file', { name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from('{"name": }') });
  await page.waitForFunction(() => document.getElementById('file-message').textContent.startsWith('broken.json'));
  assert.match(await page.textContent('#file-message'), /^broken\.json: invalid JSON: /);

  await page.evaluate((text) => {
    const data = new DataTransfer();
    data.items.add(new File([text], 'dropped.json', { type: 'application/json' }));
    document.getElementById('stage').dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
  }, good.toString());
  await page.waitForFunction(() => window.steerPlayground.state().scenario === 'file:dropped.json');
  assert.equal(await page.textContent('#file-message'), '', 'a good file clears the message');
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

test('a scenario file opened in the page gives the native state hash', async () => {
  const { page, problems } = await openPlayground(env, '?paused');
  const file = join(DIST, 'scenarios', 'obstacles.json');
  await page.setInputFiles('#file', file);
  await page.waitForFunction(() => window.steerPlayground.state().scenario === 'file:obstacles.json');
  assert.equal(await pageHash(page, { scenario: 'file:obstacles.json' }, 300), native([file, '--steps', '300']));
  assert.deepEqual(problems, []);
  await page.close();
});

// ---- crowds ---------------------------------------------------------------------------
// steer run's figures for a scenario file (the native build's --metrics).
function nativeFigures(name) {
  const dir = mkdtempSync(join(tmpdir(), 'steer-crowd-'));
  try {
    const metrics = join(dir, 'm.json');
    execFileSync(join(BUILD, 'steer'), ['run', join(DIST, 'scenarios', `${name}.json`), '-o', dir, '--size', '16x16',
      '--quiet', '--metrics', metrics]);
    return JSON.parse(readFileSync(metrics, 'utf8'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('the crowd scenarios are in the list, with their goals, and arrive in the page when steer run says', async () => {
  const { page, problems } = await openPlayground(env, '?paused');
  const crowds = { circle_crossing: 250, head_on: 2, four_way: 40, doorway: 100, formation: 10 };
  const names = await hook(page, () => window.steerPlayground.scenarios());
  for (const [name, goals] of Object.entries(crowds)) {
    assert.ok(names.includes(name), `${name} is listed`);
    const r = await hook(page, (n) => window.steerPlayground.load({ scenario: n }), name);
    assert.ok(r.ok, `${name}: ${r.error}`);
    const s = await state(page);
    assert.deepEqual([s.goals, s.goalsArrived], [goals, 0], `${name}: every agent with a goal (a formation's members too), none there yet`);
  }
  // The step of the last first arrival, from steer run: one step before it
  // someone is still on the way, at it every goal is reached, and the
  // readout above the world says so.
  for (const name of ['head_on', 'formation']) {
    const m = nativeFigures(name);
    const last = Math.round(m.goals.last_arrival / m.dt);
    assert.equal(m.goals.arrived, m.goals.agents, `${name}: all arrive natively`);
    const [before, at] = await hook(page, async ([n, steps]) => {
      const p = window.steerPlayground;
      p.pause();
      await p.load({ scenario: n });
      p.step(steps - 1);
      const before = p.state().goalsArrived;
      p.step(1);
      return [before, p.state().goalsArrived];
    }, [name, last]);
    assert.ok(before < m.goals.agents, `${name}: not all there at step ${last - 1} (${before})`);
    assert.equal(at, m.goals.agents, `${name}: all there at step ${last}`);
    await nextFrames(page);
    const hud = await page.$eval('#hud', (e) => e.textContent);
    assert.ok(hud.includes(`goals ${m.goals.agents}, arrived ${m.goals.agents}`), `${name}: the readout says so (${hud})`);
  }
  assert.deepEqual(problems, []);
  await page.close();
});

test('a scenario the list does not have, in the address, is refused: the page opens on the showcase and says so', async () => {
  for (const name of ['nope', 'schema']) { // schema.json is in scenarios/ but is not a scenario
    const { page, problems } = await openPlayground(env, `?scenario=${name}&paused`);
    const s = await state(page);
    assert.equal(s.scenario, 'showcase');
    assert.ok(s.agents > 0, 'a world, not an empty one');
    assert.equal(s.kernel, 'simd128', 'the kernel the module runs');
    assert.equal(s.error, `scenario: no scenario named "${name}"; opened showcase`);
    await nextFrames(page);
    assert.equal(await page.textContent('#error'), s.error, 'shown on the page');
    assert.equal(await page.inputValue('#scenario'), 'showcase');
    assert.deepEqual(await page.$$eval('#scenario option', (o) => o.map((e) => e.value)),
      await hook(page, () => window.steerPlayground.scenarios()), 'nothing added to the list');
    assert.deepEqual(problems, []);
    await page.close();
  }
});

test('a module the page does not have, in the address, is refused: the page runs simd128 and says so', async () => {
  const { page, problems } = await openPlayground(env, '?module=avx9&scenario=standard&agents=300&paused');
  const s = await state(page);
  assert.equal(s.kernel, 'simd128');
  assert.equal(s.error, 'module: no module named "avx9" (simd128 or scalar); running simd128');
  await nextFrames(page);
  assert.equal(await page.textContent('#error'), s.error, 'shown on the page');
  assert.deepEqual(problems, []);
  await page.close();
  for (const [name, kernel] of [['scalar', 'scalar'], ['simd128', 'simd128']]) {
    const { page, problems } = await openPlayground(env, `?module=${name}&scenario=standard&agents=300&paused`);
    assert.deepEqual([(await state(page)).kernel, (await state(page)).error], [kernel, ''], `?module=${name}`);
    assert.deepEqual(problems, []);
    await page.close();
  }
});

test('the readout\'s hash is the hash of the world and the step it shows, after a step, a pause and a change of scenario', async () => {
  const { page, problems } = await openPlayground(env, '?scenario=standard&agents=500&paused');
  // What the readout says after the page has drawn two more frames.
  const readout = async () => {
    await nextFrames(page);
    const text = await page.textContent('#hud');
    return { steps: +text.match(/(\d+) steps?\b/)[1], name: text.match(/\n(.*) · seed/)[1], hash: text.match(/hash ([0-9a-f]{16})/)[1] };
  };
  const expect = async (name) => {
    const shown = await readout(), s = await state(page);
    assert.deepEqual(shown, { steps: s.step, name, hash: s.hash });
  };
  await expect('standard flock (benchmark)');
  for (let k = 0; k < 4; ++k) {
    await page.keyboard.press('s');
    await expect('standard flock (benchmark)');
  }
  await hook(page, () => window.steerPlayground.run());
  await runSteps(page, 10);
  await hook(page, () => window.steerPlayground.pause());
  await expect('standard flock (benchmark)');
  for (const name of ['flocking', 'head_on', 'flocking']) {
    await page.selectOption('#scenario', name);
    await page.waitForFunction((n) => window.steerPlayground.state().scenario === n, name);
    await expect(name);
  }
  assert.deepEqual(problems, []);
  await page.close();
});

test('the keys: after a scenario is picked with the mouse, s steps it and space runs it; a control reached with Tab keeps its own space', async () => {
  const { page, problems } = await openPlayground(env, '?scenario=flocking&paused');
  const now = () => hook(page, () => {
    const s = window.steerPlayground.state();
    return { scenario: s.scenario, step: s.step, paused: s.paused, picked: document.getElementById('scenario').value };
  });
  // The mouse opens the list and picks the next scenario.
  const box = await page.locator('#scenario').boundingBox();
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => window.steerPlayground.state().scenario === 'arrive_seek');
  await hook(page, () => window.steerPlayground.pause());
  const picked = await now();
  await page.keyboard.press('s');
  assert.deepEqual(await now(), { ...picked, step: picked.step + 1 }, 's steps the scenario picked, and picks no other');
  await page.keyboard.press(' ');
  const running = await now();
  assert.deepEqual({ ...running, step: 0 }, { ...picked, step: 0, paused: false }, 'space runs it');
  assert.ok(running.step >= picked.step + 1);
  await page.keyboard.press(' ');
  assert.equal((await now()).paused, true, 'and pauses it');

  // A checkbox reached with Tab: space toggles it; the world stays paused.
  await page.focus('#overlay-agents');
  await page.keyboard.press('Shift+Tab');
  assert.equal(await hook(page, () => document.activeElement.dataset.layer), '32', 'the velocities box');
  await page.keyboard.press(' ');
  assert.equal(await page.isChecked('#layers input[data-layer="32"]'), true, 'space toggled it');
  assert.equal((await now()).paused, true);
  // A section's heading reached with Tab: space closes it.
  const open = () => hook(page, () => document.querySelector('#params details[data-section="weights"]').open);
  assert.equal(await open(), true);
  await page.focus('#combine');
  await page.keyboard.press('Tab');
  await page.keyboard.press(' ');
  assert.equal(await open(), false, 'space closed the section');
  assert.equal((await now()).paused, true);
  // The same box clicked with the mouse: space pauses and runs, the box stays.
  await page.click('#layers input[data-layer="32"]');
  assert.equal(await page.isChecked('#layers input[data-layer="32"]'), false);
  await page.keyboard.press(' ');
  assert.equal((await now()).paused, false);
  assert.equal(await page.isChecked('#layers input[data-layer="32"]'), false, 'the box kept its state');
  assert.deepEqual(problems, []);
  await page.close();
});

test('in a narrow window the readout wraps between its figures and shows them all, never over the world', async () => {
  const { page, problems } = await openPlayground(env, '?scenario=standard&agents=100000&paused');
  const b = (await state(page)).bounds;
  await drag(page, await client(page, [b[0] + 1, b[3] - 1]), await client(page, [b[2] - 1, b[1] + 1]));
  const selected = (await state(page)).selected;
  assert.ok(selected > 90000, `a box round the world selects almost all (${selected})`);
  for (const [width, height] of [[1024, 700], [700, 500], [600, 500], [420, 760]]) {
    await page.setViewportSize({ width, height });
    await nextFrames(page);
    const layout = await page.evaluate(() => {
      const hud = document.getElementById('hud'), box = (e) => e.getBoundingClientRect().toJSON();
      return {
        hud: box(hud), canvas: box(document.getElementById('view')), text: hud.textContent, aside: box(document.querySelector('aside')),
        items: [...hud.querySelectorAll('.item')].map((e) => ({ text: e.textContent, ...box(e) })),
        fits: [hud.scrollWidth <= hud.clientWidth, hud.scrollHeight <= hud.clientHeight],
      };
    });
    const at = `${width}x${height}`;
    assert.deepEqual(layout.fits, [true, true], `${at}: the readout fits its bar`);
    assert.match(layout.text, new RegExp(`100,000 agents[\\s\\S]*selected ${selected.toLocaleString('en-US')}, arrived 0`), at);
    for (const item of layout.items)
      assert.ok(item.left >= layout.hud.left && item.right <= layout.hud.right && item.bottom <= layout.hud.bottom,
        `${at}: "${item.text}" is inside the bar`);
    assert.ok(layout.canvas.top >= layout.hud.bottom, `${at}: the world is below the readout`);
    // Below 560 pixels the panel goes under the world: the world keeps the
    // window's width, and the panel is all there, scrolling.
    if (width < 560) {
      assert.ok(layout.canvas.width >= width - 1 && layout.canvas.height >= 0.3 * height,
        `${at}: the world has the window's width (${layout.canvas.width}x${layout.canvas.height})`);
      assert.ok(layout.aside.top >= layout.canvas.bottom && layout.aside.bottom <= height + 1 && layout.aside.width >= width - 1,
        `${at}: the panel is below the world, in the window`);
    }
  }
  assert.deepEqual(problems, []);
  await page.close();
});

test('a seed typed and entered seeds the world, as a count typed and entered does', async () => {
  const { page, problems } = await openPlayground(env, '?scenario=flocking&paused');
  await page.fill('#seed', '42');
  await page.press('#seed', 'Enter');
  let s = await state(page);
  assert.deepEqual([s.scenario, s.seed, s.agents, s.step], ['flocking', 42, 600, 0]);
  await nextFrames(page);
  assert.match(await page.textContent('#hud'), /flocking · seed 42 · hash/);
  await page.fill('#agents', '300');
  await page.press('#agents', 'Enter');
  s = await state(page);
  assert.deepEqual([s.seed, s.agents], [42, 300], 'the count keeps the seed');
  await page.fill('#seed', '-1');
  await page.press('#seed', 'Enter');
  assert.equal(await page.textContent('#seed-message'), 'seed: expected a whole number from 0 to 9,007,199,254,740,991, got -1');
  s = await state(page);
  assert.deepEqual([s.seed, s.agents], [42, 300], 'a refused seed changes nothing');
  assert.deepEqual(problems, []);
  await page.close();
});

// What the mouse added, drawn again and again, then taken away: the world
// steps on as one never touched. The standard flock neither avoids
// obstacles nor follows a path, so "clear drawn" must also put back the
// weights the tools turned on; the showcase keeps its own obstacles.
for (const scenario of ['standard', 'showcase']) {
  test(`clear drawn removes the dropped obstacles and the drawn path (${scenario}), and drawing never runs out`, async () => {
    const { page, problems } = await openPlayground(env, `?scenario=${scenario}&agents=500&seed=3&paused`);
    const { bounds, obstacles: own } = await state(page);
    const world = (fx, fy) => [bounds[0] + fx * (bounds[2] - bounds[0]), bounds[1] + fy * (bounds[3] - bounds[1])];
    await page.keyboard.down('Shift');
    for (const p of [world(0.3, 0.3), world(0.6, 0.4)]) {
      const c = await client(page, p);
      await page.mouse.click(c.x, c.y);
    }
    const drawings = scenario === 'standard' ? 17 : 2; // the standard flock: more than the 16 paths of room it has
    for (let k = 0; k < drawings; ++k)
      await drag(page, await client(page, world(0.2, 0.2 + 0.02 * k)), await client(page, world(0.8, 0.7)));
    await page.keyboard.up('Shift');
    let s = await state(page);
    assert.equal(s.error, '', 'no drawing refused');
    assert.deepEqual([s.obstacles, s.paths], [own + 2, 1], 'two obstacles dropped; one path, the last drawn');
    assert.ok(await hook(page, () => window.steerPlayground.getParam(0, 'weight.follow_path')) > 0);
    await page.click('#clear');
    s = await state(page);
    assert.deepEqual([s.obstacles, s.paths], [own, 0], 'the dropped two and the drawn path are gone');
    await hook(page, () => window.steerPlayground.step(30));
    const cleared = (await state(page)).hash;
    await page.click('#reset');
    await hook(page, () => window.steerPlayground.step(30));
    assert.equal(cleared, (await state(page)).hash, 'the same world as one never touched');
    await page.keyboard.down('Shift');
    await drag(page, await client(page, world(0.2, 0.8)), await client(page, world(0.7, 0.2)));
    await page.keyboard.up('Shift');
    assert.equal((await state(page)).paths, 1, 'a path drawn after the reset');
    assert.deepEqual(problems, []);
    await page.close();
  });
}

test('scenarios picked in quick succession over a slow network: the last one picked is the one that runs', async () => {
  const { page, problems } = await openPlayground(env, '?scenario=flocking&paused');
  // Each scenario file asked for from now on comes sooner than the one before.
  const delays = [900, 600, 300, 0];
  let asked = 0, served = 0;
  const allServed = new Promise((done) => {
    page.route('**/scenarios/*.json', async (route) => {
      await new Promise((ok) => setTimeout(ok, delays[asked++] ?? 0));
      await route.continue();
      if (++served === delays.length) done();
    });
  });
  await page.focus('#scenario');
  for (let k = 0; k < delays.length; ++k) await page.keyboard.press('ArrowDown');
  const picked = await page.inputValue('#scenario');
  await allServed;
  await page.waitForFunction(() => window.steerPlayground.state().loading === 0, null, { timeout: 10_000 });
  const s = await state(page);
  assert.equal(s.scenario, picked, 'the world is the one picked last');
  assert.equal(await page.inputValue('#scenario'), picked, 'and the list says so');
  await nextFrames(page);
  assert.match(await page.textContent('#hud'), new RegExp(`\\n${picked} · seed`));
  assert.deepEqual(problems, []);
  await page.close();
});

test('a paused world\'s hash can be double-clicked and stays selected, to copy', async () => {
  const { page, problems } = await openPlayground(env, '?scenario=flocking&paused');
  await page.keyboard.press('s');
  await nextFrames(page);
  const { hash } = await state(page);
  // Where the readout shows the hash: a range over its characters.
  const at = await page.evaluate((h) => {
    const walk = document.createTreeWalker(document.getElementById('hud'), NodeFilter.SHOW_TEXT);
    for (let node; (node = walk.nextNode());) {
      const k = node.data.indexOf(h);
      if (k < 0) continue;
      const range = document.createRange();
      range.setStart(node, k);
      range.setEnd(node, k + h.length);
      const r = range.getBoundingClientRect();
      return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
    }
    return null;
  }, hash);
  assert.ok(at, `the readout shows ${hash}`);
  await page.mouse.dblclick(at.x, at.y);
  assert.equal(await page.evaluate(() => getSelection().toString()), hash, 'a double-click selects the hash');
  for (let k = 0; k < 3; ++k) await nextFrames(page);
  assert.equal(await page.evaluate(() => getSelection().toString()), hash, 'and it stays selected as frames go by');
  assert.deepEqual(problems, []);
  await page.close();
});

test('a click in the margin round a bounded world sets the target inside the box, at the nearest place', async () => {
  const { page, problems } = await openPlayground(env, '?scenario=standard&agents=800&seed=3&paused');
  const { bounds } = await state(page);
  const rect = await page.$eval('#view', (e) => e.getBoundingClientRect().toJSON());
  // Where a client point is in the world, through the camera the page draws with.
  const world = async ([x, y]) => {
    const c = await hook(page, () => window.steerPlayground.camera());
    return [((x - rect.left) * c.dpr - c.ox) / c.scale, (c.oy - (y - rect.top) * c.dpr) / c.scale];
  };
  const pixel = (bounds[2] - bounds[0]) / 300;
  // The left margin, halfway down; the top left corner of the canvas.
  for (const at of [[rect.left + 3, rect.top + rect.height / 2], [rect.left + 3, rect.top + 3]]) {
    const [x, y] = await world(at);
    assert.ok(x < bounds[0] || y > bounds[3], `the click (${x.toFixed(2)}, ${y.toFixed(2)}) is outside the world`);
    await page.mouse.click(at[0], at[1]);
    const s = await state(page);
    assert.equal(s.error, '');
    assert.ok(s.target, 'the click set a target');
    const [tx, ty] = s.target;
    assert.ok(tx >= bounds[0] && tx <= bounds[2] && ty >= bounds[1] && ty <= bounds[3],
      `target (${tx}, ${ty}) inside the world ${bounds}`);
    const nearest = [Math.min(Math.max(x, bounds[0]), bounds[2]), Math.min(Math.max(y, bounds[1]), bounds[3])];
    assert.ok(distance(s.target, nearest) < pixel, `target ${s.target} at the box's nearest point ${nearest}`);
  }
  assert.deepEqual(problems, []);
  await page.close();
});

test('a slider the library refuses snaps back and says why, in the library\'s words', async () => {
  const { page, problems } = await openPlayground(env, '?scenario=standard&agents=500&seed=1&paused');
  const refused = async (param, value) => {
    const slider = page.locator(`input[data-param="${param}"]`);
    const was = await hook(page, (p) => window.steerPlayground.getParam(0, p), param);
    await slider.fill(String(value));
    assert.equal(await hook(page, (p) => window.steerPlayground.getParam(0, p), param), was, `${param} unchanged`);
    assert.equal(Number(await slider.inputValue()), was, `${param}: the slider snaps back`);
    await nextFrames(page);
    return page.textContent('#error');
  };
  const RULE = 'steer_world_set_group: def->';
  // then what the behaviour needs, in the scenario's words (a designer read only the library's rule)
  for (const [weight, field, rule, hint] of [
    ['pursue', 'pursue_group = -1', 'must be in [0, max_groups = ', 'pursue chases another group: name it in the scenario'],
    ['evade', 'evade_group = -1', 'must be in [0, max_groups = ', 'evade flees another group: name it in the scenario'],
    ['follow_leader', 'leader = {0, 0, 0}', 'must be an agent of this world while FOLLOW_LEADER is on', 'follow_leader needs a leader'],
    ['follow_path', 'path = -1', 'must be a path added to the world (0 so far) while FOLLOW_PATH is on',
      'follow_path needs a path: draw one (shift-drag)'],
  ]) {
    const shown = await refused(`weight.${weight}`, 2);
    assert.ok(shown.startsWith(`weight.${weight}: ${RULE}${field}: ${rule}`), `weight.${weight}: ${shown}`);
    assert.ok(shown.includes(`. ${hint}`), `weight.${weight}: ${shown}`);
  }
  assert.equal(await refused('max_speed', 0), `max_speed: ${RULE}max_speed = 0: must be finite and > 0`);
  // A value taken clears the message, and the next refusal names its own rule.
  await page.locator('input[data-param="weight.separation"]').fill('3');
  await nextFrames(page);
  assert.equal(await page.textContent('#error'), '');
  assert.equal(await hook(page, () => window.steerPlayground.setParam(0, 'mass', 0)), -1, 'INVALID_ARGUMENT');
  assert.equal((await state(page)).error, `mass: ${RULE}mass = 0: must be finite and > 0`);
  assert.deepEqual(problems, []);
  await page.close();
});

test('the readout counts in the singular for one: "1 agent", "1 step"', async () => {
  const { page, problems } = await openPlayground(env, '?scenario=standard&agents=1&seed=1&paused');
  const figures = async () => {
    await nextFrames(page);
    return page.$$eval('#hud .item', (items) => items.map((e) => e.textContent.trim()));
  };
  assert.equal((await state(page)).agents, 1);
  let shown = await figures();
  assert.ok(shown.includes('1 agent') && shown.includes('0 steps'), shown.join(' | '));
  await page.keyboard.press('s');
  shown = await figures();
  assert.ok(shown.includes('1 agent') && shown.includes('1 step'), shown.join(' | '));
  await page.keyboard.press('s');
  assert.ok((await figures()).includes('2 steps'));
  await hook(page, () => window.steerPlayground.load({ agents: 2 }));
  assert.ok((await figures()).includes('2 agents'));
  // The overlays' "for N agents" likewise.
  for (const [n, unit] of [['1', 'agent'], ['0', 'agent'], ['3', 'agents']]) { // 0 is refused: the 1 stays
    await page.fill('#overlay-agents', n);
    await page.dispatchEvent('#overlay-agents', 'change');
    assert.equal(await page.textContent('#overlay-agents-unit'), unit, `for ${n}`);
  }
  assert.deepEqual(problems, []);
  await page.close();
});

test('the address keeps the scenario, seed and agent count picked, so a reload builds the same world', async () => {
  const { page, problems } = await openPlayground(env, '?scenario=flocking&paused');
  const address = () => Object.fromEntries(new URL(page.url()).searchParams);
  const world = async () => { const s = await state(page); return [s.scenario, s.seed, s.agents, s.step, s.hash]; };
  await page.selectOption('#scenario', 'head_on');
  await page.waitForFunction(() => window.steerPlayground.state().scenario === 'head_on');
  assert.deepEqual(address(), { paused: '', scenario: 'head_on' }, 'the file\'s own seed and count are not written');
  await page.fill('#seed', '77');
  await page.dispatchEvent('#seed', 'change');
  await page.waitForFunction(() => window.steerPlayground.state().seed === 77);
  await page.fill('#agents', '40');
  await page.dispatchEvent('#agents', 'change');
  await page.waitForFunction(() => window.steerPlayground.state().loading === 0);
  assert.deepEqual(address(), { paused: '', scenario: 'head_on', seed: '77', agents: '40' });
  const before = await world();
  await page.reload();
  await page.evaluate(() => window.steerPlayground.ready);
  assert.deepEqual(await world(), before, 'the reload builds the same world');
  assert.equal(await page.inputValue('#scenario'), 'head_on');
  // The benchmark's flock: its seed and count always.
  await page.selectOption('#scenario', 'standard flock');
  await page.waitForFunction(() => window.steerPlayground.state().scenario === 'standard flock');
  assert.deepEqual(address(), { paused: '', scenario: 'standard', seed: '1', agents: '2000' });
  // A world with no name to reload by: the address names none.
  const r = await hook(page, (doc) => window.steerPlayground.load({ scenario: 'squads', document: doc }), squads);
  assert.ok(r.ok, r.error);
  assert.deepEqual(address(), { paused: '' });
  assert.deepEqual(problems, []);
  await page.close();
});

test('the address says paused while the world is paused and not once it runs, so a reload opens it as it was', async () => {
  const { page, problems } = await openPlayground(env, '?scenario=flocking&seed=9&paused');
  const address = () => Object.fromEntries(new URL(page.url()).searchParams);
  const reopen = async () => {
    await page.reload();
    await page.evaluate(() => window.steerPlayground.ready);
    return (await state(page)).paused;
  };
  assert.deepEqual(address(), { scenario: 'flocking', seed: '9', paused: '' });
  assert.equal((await state(page)).paused, true);
  await page.click('#pause'); // the button says "run"
  assert.equal((await state(page)).paused, false);
  assert.deepEqual(address(), { scenario: 'flocking', seed: '9' }, 'run: paused leaves the address, the rest stays');
  assert.equal(await reopen(), false, 'a reload runs it');
  await runSteps(page, 3);
  await page.click('#pause');
  assert.deepEqual(address(), { scenario: 'flocking', seed: '9', paused: '' }, 'pause: back in the address');
  assert.equal(await reopen(), true, 'a reload opens it paused');
  await page.keyboard.press('Space');
  assert.deepEqual(address(), { scenario: 'flocking', seed: '9' }, 'space runs it');
  await page.keyboard.press('s');
  assert.deepEqual(address(), { scenario: 'flocking', seed: '9', paused: '' }, 's steps it, and it stays paused');
  // A scenario picked while paused stays paused, and the address with it.
  await page.selectOption('#scenario', 'head_on');
  await page.waitForFunction(() => window.steerPlayground.state().scenario === 'head_on');
  assert.deepEqual(address(), { scenario: 'head_on', paused: '' });
  assert.equal(page.url().split('?')[1], 'paused&scenario=head_on', 'written in the page\'s own form');
  assert.deepEqual(problems, []);
  await page.close();
});

test('the readout writes every figure one way: thousands grouped with a comma', async () => {
  const { page, problems } = await openPlayground(env, '?scenario=standard&agents=2000&seed=1&paused');
  await nextFrames(page);
  assert.match(await page.textContent('#hud'), / {4}- ms\/step/, 'no step timed yet: no figure, not 0.00');
  await hook(page, () => window.steerPlayground.step(1234));
  // Every agent selected, then sent: "selected 2,000, arrived 0", and with
  // the selection cleared, the goals.
  const { bounds } = await state(page);
  const corner = async (fx, fy) => client(page, [bounds[0] + fx * (bounds[2] - bounds[0]), bounds[1] + fy * (bounds[3] - bounds[1])]);
  await drag(page, await corner(-0.01, -0.01), await corner(1.01, 1.01));
  const centre = await corner(0.5, 0.5);
  await page.mouse.click(centre.x, centre.y, { button: 'right' });
  const figures = async () => {
    await nextFrames(page);
    return page.$$eval('#hud .item', (items) => items.map((e) => e.textContent.trim()));
  };
  let shown = await figures();
  for (const expected of ['2,000 agents', '1,234 steps', 'selected 2,000, arrived 0'])
    assert.ok(shown.includes(expected), `"${expected}" in ${shown.join(' | ')}`);
  assert.match(shown.find((t) => t.endsWith('ms/step')), /^\d{1,3}(,\d{3})*\.\d\d ms\/step$/);
  await page.keyboard.press('Escape');
  shown = await figures();
  assert.ok(shown.includes('goals 2,000, arrived 0'), shown.join(' | '));
  // No figure of four digits or more anywhere without its comma (the seed and
  // the hash are names, on the line below).
  const [counts] = (await page.textContent('#hud')).split('\n');
  assert.doesNotMatch(counts, /\d{4}/, counts);
  assert.deepEqual(problems, []);
  await page.close();
});

test('pressing pause moves nothing in the panel: the button is as wide saying "run"', async () => {
  const { page, problems } = await openPlayground(env, '?scenario=flocking');
  const layout = () => page.evaluate(() => {
    const box = (sel) => document.querySelector(sel).getBoundingClientRect().toJSON();
    return { label: document.getElementById('pause').textContent, pause: box('#pause'), clear: box('#clear'), layers: box('#layers') };
  });
  const running = await layout();
  await page.click('#pause');
  const paused = await layout();
  assert.deepEqual([running.label, paused.label], ['pause', 'run']);
  assert.equal(paused.pause.width, running.pause.width, 'the same width');
  assert.deepEqual(paused.clear, running.clear, 'the button after it stays where it was');
  assert.deepEqual(paused.layers, running.layers, 'and the panel below does not jump');
  assert.deepEqual(problems, []);
  await page.close();
});
