// The playground in headless Chromium (Debian's, driven by playwright-core):
// what a visitor sees. The canvas animates and draws the agents to scale,
// the marks, pens and routes beneath them; the panel's sliders, pause and
// description behave; the readout is legible and never overlaps.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { openPlayground, start } from './browser.mjs';
import { client, drag } from './rts.mjs';
import { hook, nextFrames, pixels, runSteps, state } from './playground_page.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env?.close(); });

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

// A slider's grid starts at its min: a min off the step's multiples (0.1 as
// a float32, 0.10000000149) kept mass off 10 at End (9.975) and off 1 as
// default; the value shown is the group's, to the slider's step.
test('every slider reaches its ends exactly, and shows the group\'s value to its step', async () => {
  const { page, problems } = await openPlayground(env, '?scenario=standard&agents=500&paused');
  const sliders = await page.$$eval('#params input[type=range]', (inputs) => inputs.map((e) => ({
    name: e.dataset.param, min: e.min, max: e.max, step: e.step, value: e.value,
    shown: e.closest('.slider').querySelector('output').textContent })));
  for (const { name, min, max, step } of sliders) {
    const steps = (+max - +min) / +step;
    assert.ok(Math.abs(steps - Math.round(steps)) < 1e-9, `${name}: [${min}, ${max}] is ${steps} steps of ${step}`);
    assert.ok(Math.abs(+min / +step - Math.round(+min / +step)) < 1e-9, `${name}: min ${min} on the grid of ${step}`);
  }
  const slider = (name) => sliders.find((s) => s.name === name);
  assert.deepEqual([slider('mass').min, slider('mass').value, slider('mass').shown], ['0.1', '1', '1.00'], 'mass: 1 by default');
  const read = (name) => page.$eval(`input[data-param="${name}"]`, (e) => ({
    value: e.value, shown: e.closest('.slider').querySelector('output').textContent }));
  const group = (name) => hook(page, (n) => window.steerPlayground.getParam(0, n), name);
  for (const [name, key, value, shown] of [['mass', 'End', 10, '10.0'], ['mass', 'Home', 0.1, '0.10'],
    ['priority', 'End', 20, '20.0'], ['priority', 'ArrowLeft', 19.95, '19.95'], ['priority', 'Home', 0.1, '0.10'],
    ['mass', 'ArrowRight', 0.125, '0.125']]) {
    await page.focus(`input[data-param="${name}"]`);
    await page.keyboard.press(key);
    const now = await read(name);
    assert.equal(+now.value, value, `${name} after ${key}: the slider at ${value}`);
    assert.equal(await group(name), Math.fround(value), `${name} after ${key}: the group's value`);
    assert.equal(now.shown, shown, `${name} after ${key}: shown`);
  }
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

// One big standing agent in a world that keeps headings, its spawn facing
// `heading`: where its dart's painted pixels lie, across from its centre.
const standingFacing = (heading) => ({
  name: 'facing', bounds: { min: [-10, -10], max: [10, 10] }, boundary: 'clamp', keep_headings: true, steps: 10,
  groups: [{ name: 'unit', colour: '#ff3030', radius: 3, behaviours: {},
    spawn: [{ shape: 'points', count: 1, points: [[0, 0]], speed: 0, heading }] }],
});
const dartOffset = (page) => page.evaluate(() => {
  const p = window.steerPlayground, { scale, ox } = p.camera();
  const c = document.getElementById('view'), img = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  let sum = 0, n = 0;
  for (let y = 0; y < c.height; ++y)
    for (let x = 0; x < c.width; ++x) {
      const k = 4 * (y * c.width + x);
      if (img[k] > 200 && img[k + 1] < 90 && img[k + 2] < 90) { sum += x + 0.5; ++n; } // the red dart
    }
  return { across: n ? (sum / n - ox) / scale : NaN, painted: n };
});

test('a world that keeps headings draws a standing unit the way its spawn faces it', async () => {
  const { page, problems } = await openPlayground(env, '?paused');
  const offsets = [];
  for (const heading of [0, Math.PI]) {
    const r = await hook(page, (doc) => window.steerPlayground.load({ scenario: 'facing', document: doc }), standingFacing(heading));
    assert.ok(r.ok, r.error);
    await nextFrames(page);
    const d = await dartOffset(page);
    assert.ok(d.painted > 50, `${d.painted} px of the dart painted`);
    offsets.push(d.across);
  }
  // A dart's area lies toward its back: its centroid, the mean of its tip
  // (r ahead) and back corners (0.8 r behind), is 0.2 r = 0.6 behind its centre.
  assert.ok(Math.abs(offsets[0] + 0.6) < 0.15 && Math.abs(offsets[1] - 0.6) < 0.15,
    `east-facing dart's centroid at ${offsets[0]}, west-facing at ${offsets[1]} (world units across; -0.6 and 0.6 expected)`);
  assert.deepEqual(problems, []);
  await page.close();
});

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

// The scenario's goal places are drawn while its agents still have those
// goals: an order sent (a right-click) or released (a click) replaces or
// clears them, and their places go with them.
test('the places of goals an order replaced or a click released are drawn no more', async () => {
  // rts_squads: the red squad (starting in [-56, -44] x [-36, -24]) is sent
  // to places in [30, 56] x [10, 36], the blue one to [-56, -30] x [10, 36].
  const { page, problems } = await openPlayground(env, '?scenario=rts_squads&paused');
  await nextFrames(page);
  const { scale, dpr } = await hook(page, () => window.steerPlayground.camera());
  const half = (12 * scale) / dpr; // within the 26-unit boxes of places, where no agent is yet
  const red = () => pixelsNear(page, [43, 23], half, '#ff6b5e'), blue = () => pixelsNear(page, [-43, 23], half, '#5eb8ff');
  const red0 = await red(), blue0 = await blue();
  assert.ok(red0 > 48 && blue0 > 48, `the squads' places drawn (${red0} red px, ${blue0} blue px)`);
  await drag(page, await client(page, [-57, -37]), await client(page, [-43, -23]));
  assert.equal((await state(page)).selected, 48);
  const to = await client(page, [0, -30]);
  await page.mouse.click(to.x, to.y, { button: 'right' });
  await nextFrames(page);
  assert.equal((await state(page)).error, '', 'nothing in their way');
  assert.equal(await red(), 0, 'the red squad\'s old places, replaced by the order, are gone');
  assert.ok(await blue() > 0.9 * blue0, 'the blue squad\'s stay');
  await page.keyboard.press('Escape');
  const click = await client(page, [0, 30]);
  await page.mouse.click(click.x, click.y);
  await nextFrames(page);
  assert.equal((await state(page)).goals, 0);
  assert.equal(await blue(), 0, 'a click released every order: no place is drawn');
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

test('the readout writes every figure one way: thousands grouped with a comma', async () => {
  const { page, problems } = await openPlayground(env, '?scenario=standard&agents=2000&seed=1&paused');
  await nextFrames(page);
  assert.match(await page.textContent('#hud'), / {4}- median ms\/step/, 'no step timed yet: no figure, not 0.00');
  await hook(page, () => window.steerPlayground.step(1234));
  // Every agent selected, then sent: "selected 2,000, arrived 0", and with
  // the selection cleared, the goals.
  const { bounds } = await state(page);
  const corner = async (fx, fy) => client(page, [bounds[0] + fx * (bounds[2] - bounds[0]), bounds[1] + fy * (bounds[3] - bounds[1])]);
  await drag(page, await corner(-0.01, -0.01), await corner(1.01, 1.01));
  const centre = await corner(0.5, 0.5);
  await page.mouse.click(centre.x, centre.y, { button: 'right' });
  // an order of more than a thousand is chosen in a worker: sent a little later
  await page.waitForFunction(() => window.steerPlayground.state().goals === 2000, null, { timeout: 60000 });
  const figures = async () => {
    await nextFrames(page);
    return page.$$eval('#hud .item', (items) => items.map((e) => e.textContent.trim()));
  };
  let shown = await figures();
  for (const expected of ['2,000 agents', '1,234 steps', 'selected 2,000, arrived 0'])
    assert.ok(shown.includes(expected), `"${expected}" in ${shown.join(' | ')}`);
  assert.match(shown.find((t) => t.endsWith('ms/step')), /^\d{1,3}(,\d{3})*\.\d\d median ms\/step$/);
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

// A world's first step is slow (its tables grow, the code warms up): a
// running average seeded with it showed 77 ms/step at step 3 while steps
// took 4 to 6. Here the first step is made to take 200 ms more (the page's
// clock moves on by 200 ms during it), the next five as they come.
test('the ms/step figure is the median of the last steps timed: a slow first step does not carry over', async () => {
  const { page, problems } = await openPlayground(env, '?scenario=showcase&paused');
  const { msPerStep, steps } = await page.evaluate(() => {
    const p = window.steerPlayground, real = performance.now, times = [];
    let extra = 0, jump = 0; // the clock moves on by `jump` once it is read (at the step's start)
    performance.now = () => { const t = real.call(performance) + extra; extra += jump; jump = 0; return t; };
    try {
      for (let k = 0; k < 6; ++k) {
        const t0 = performance.now();
        jump = k === 0 ? 200 : 0; // the first step: 200 ms longer
        p.step(1);
        times.push(performance.now() - t0);
      }
    } finally { performance.now = real; }
    return { msPerStep: p.state().msPerStep, steps: times };
  });
  const sorted = steps.slice(1).sort((a, b) => a - b);
  assert.ok(steps[0] >= 200, `the first step took ${steps[0]} ms`);
  assert.ok(msPerStep >= sorted[0] - 1 && msPerStep <= sorted[sorted.length - 1] + 1,
    `${msPerStep} ms/step shown; the last five steps took ${sorted.map((t) => t.toFixed(2)).join(', ')} ms`);
  await nextFrames(page);
  const shown = await page.$$eval('#hud .item', (items) => items.map((e) => [e.textContent.trim(), e.title]));
  const [text, title] = shown.find(([t]) => t.includes('ms/step'));
  assert.match(text, /^\d+\.\d\d median ms\/step$/, 'the label says it is a median');
  assert.match(title, /median of the last 15 steps/);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a pause, a selection, an order and released goals move nothing in the world: the readout keeps their room', async () => {
  // tanks at 1100x640: its goals' count takes the readout to a third line,
  // and the selection's did once the goals were released: the world moved
  // up and down half a line (9 pixels) under the pointer as the bar wrapped.
  const { page, problems } = await openPlayground(env, '?scenario=tanks');
  await page.setViewportSize({ width: 1100, height: 640 });
  const where = async () => {
    await nextFrames(page);
    return page.evaluate(() => {
      const c = document.getElementById('view').getBoundingClientRect(), o = window.steerPlayground.worldToClient(0, 0);
      return { top: c.top, height: c.height, origin: [o.x, o.y] };
    });
  };
  const start = await where(), moved = [];
  const expect = async (after) => { const now = await where(); if (JSON.stringify(now) !== JSON.stringify(start)) moved.push(`${after}: ${JSON.stringify(now)}`); };
  await page.keyboard.press('Space');
  await expect('paused');
  const ground = await client(page, [-20, 10]);
  await page.mouse.click(ground.x, ground.y);
  assert.equal((await state(page)).goals, 0, 'the click released every goal');
  await expect('goals released');
  await drag(page, await client(page, [-35, -13]), await client(page, [17, 13]));
  assert.equal((await state(page)).selected, 12);
  await expect('12 selected');
  const to = await client(page, [0, 8]);
  await page.mouse.click(to.x, to.y, { button: 'right' });
  assert.equal((await state(page)).goals, 12, 'sent');
  await expect('sent');
  await page.keyboard.press('Escape');
  await expect('deselected');
  await page.keyboard.press('Space');
  await expect('running');
  assert.deepEqual(moved, [], `the world stays at ${JSON.stringify(start)}`);
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
