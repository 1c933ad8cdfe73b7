// The playground in headless Chromium (Debian's, driven by playwright-core):
// the mouse and the touch screen. A click sets the target; the RTS gesture
// (drag a box, right-click a place) sends just the selection, on any
// ground, through walls' gaps and a garrison; shift draws obstacles and
// paths, and "clear drawn" takes them away.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { openPlayground, start } from './browser.mjs';
import { client, drag, ground, squads } from './rts.mjs';
import { distance, hook, nextFrames, runSteps, state } from './playground_page.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env?.close(); });

test('a click on the ground sets the target and the flock closes on it', async () => {
  // Paused while the click is made: a plain click on an agent selects it
  // (the standard flock's bodies cover a quarter of its ground), so the
  // click is made on ground that no agent covers, then the world runs.
  const { page, problems } = await openPlayground(env, '?scenario=standard&agents=800&seed=3&paused');
  // from `ready` on the mapping is the one the page draws with: a click
  // needs no frame to pass first (it moved 17.5 pixels on the first frame)
  const early = await client(page, [3, 4]);
  await nextFrames(page);
  assert.deepEqual(await client(page, [3, 4]), early, 'the mapping holds across the first frames');
  const { bounds } = await state(page);
  const target = await ground(page, [bounds[0] + 0.2 * (bounds[2] - bounds[0]), bounds[1] + 0.25 * (bounds[3] - bounds[1])], 0.5);
  const at = await client(page, target);
  await page.mouse.click(at.x, at.y);
  const s0 = await state(page);
  assert.ok(s0.target, 'the click set a target');
  assert.equal(s0.selected, 0, 'and selected nobody');
  await hook(page, () => window.steerPlayground.run());
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

// rts_squads: two squads of 48 with the scenario's own goals (places
// across the field), paused; bodies of about 2.5 pixels.
const RTS_GOALS = 96;

// An order with too little room: a box 12 x 8 mostly filled by a rock, 30
// units sent to the rock. The library's places for it run out of open points
// (steer_world_places_around: 21 of 30), and the page says how many found
// none, at once (an order that fits says nothing: the tests above).
test('an order crammed into a rock says how many found no open place', async () => {
  const { page, problems } = await openPlayground(env, '?paused');
  const doc = {
    name: 'crammed', bounds: { min: [-6, -4], max: [6, 4] }, boundary: 'clamp', seed: 1, dt: 1 / 30, steps: 10,
    solid_obstacles: true, obstacles: [{ centre: [1, 0], radius: 3.5 }],
    groups: [{
      name: 'units', colour: '#5eb8ff', max_speed: 4, max_force: 8, radius: 0.4,
      spawn: [{ shape: 'points', speed: 0, points: Array.from({ length: 30 }, (_, i) => [-5.5 + (i % 3) * 0.9, -3.6 + Math.floor(i / 3) * 0.8]) }],
    }],
  };
  const r = await hook(page, (d) => window.steerPlayground.load({ scenario: 'crammed', document: d }), doc);
  assert.ok(r.ok, r.error);
  await drag(page, await client(page, [-5.95, -3.95]), await client(page, [-3.3, 3.9]));
  assert.equal((await state(page)).selected, 30);
  const rock = await client(page, [1, 0]);
  await page.mouse.click(rock.x, rock.y, { button: 'right' });
  assert.match((await state(page)).error, /^send: 9 of 30 found no open place near there/);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a plain click on an agent selects it alone, as does a press that moves less than a drag', async () => {
  const { page, problems } = await openPlayground(env, '?scenario=rts_squads&paused');
  await nextFrames(page);
  const s0 = await state(page, { positions: true });
  assert.equal(s0.goals, RTS_GOALS);
  for (const [k, moved] of [[5, 0], [60, 5]]) { // a click; a press moved 5 pixels (the drag threshold is 8)
    const p = s0.positions[k];
    assert.ok(await hook(page, ([x, y]) => window.steerPlayground.agentAt(x, y), p), `agent ${k} is under its centre`);
    const at = await client(page, p);
    await page.mouse.move(at.x - moved, at.y);
    await page.mouse.down();
    if (moved) await page.mouse.move(at.x, at.y, { steps: 5 });
    await page.mouse.up();
    const s = await state(page);
    assert.equal(s.selected, 1, `agent ${k}: exactly one selected`);
    const orders = await hook(page, () => window.steerPlayground.orders());
    assert.deepEqual(orders.map((o) => o.position), [p], `agent ${k}: the one clicked`);
    assert.deepEqual([s.goals, s.target], [RTS_GOALS, null], 'no order given, no goal released');
    assert.match(s.error, /^select: 1 agent/);
    assert.deepEqual(await hudOrders(page), [1, 0], 'the readout says "selected 1"');
  }
  // A click a pixel and a half off a body of a few pixels still hits it.
  const p = s0.positions[30], at = await client(page, p);
  await page.mouse.click(at.x + 1.5, at.y - 1);
  assert.deepEqual((await hook(page, () => window.steerPlayground.orders())).map((o) => o.position), [p]);
  // Then right-click sends that one alone.
  const to = await client(page, [0, 0]);
  await page.mouse.click(to.x, to.y, { button: 'right' });
  const sent = await hook(page, () => window.steerPlayground.orders());
  assert.equal(sent.length, 1);
  assert.ok(distance(sent[0].target, [0, 0]) < 1, `sent to the click: ${sent[0].target}`);
  assert.deepEqual(problems, []);
  await page.close();
});

// tanks: units facing east with a reverse gear (reverse_speed 1.5). One
// ordered a little way behind itself backs there at once; a turn round on
// the spot (1 rad a time unit) would hold it where it stands for the
// quarter turn's 47 steps.
test('a tank ordered a short way behind backs there at once and lands', async () => {
  const { page, problems } = await openPlayground(env, '?scenario=tanks&paused');
  await nextFrames(page);
  const s0 = await state(page, { positions: true });
  const k = s0.positions.findIndex((p) => distance(p, [6, -4]) < 1e-3);
  assert.ok(k >= 0, 'the tank at (6, -4)');
  const at = await client(page, s0.positions[k]);
  await page.mouse.click(at.x, at.y);
  assert.equal((await state(page)).selected, 1);
  const to = await client(page, [3.5, -4]);
  await page.mouse.click(to.x, to.y, { button: 'right' });
  const [sent] = await hook(page, () => window.steerPlayground.orders());
  assert.ok(distance(sent.target, [3.5, -4]) < 0.1, `sent to the click: ${sent.target}`);
  await hook(page, () => window.steerPlayground.step(15));
  const [half] = await hook(page, () => window.steerPlayground.orders());
  assert.ok(half.position[0] < 6 - 0.2 && Math.abs(half.position[1] + 4) < 0.05,
    `backed straight west within half a second: ${half.position}`);
  let steps = 15;
  let o = half;
  while (o.state !== 2 && steps < 600) {
    await hook(page, () => window.steerPlayground.step(15));
    steps += 15;
    [o] = await hook(page, () => window.steerPlayground.orders());
  }
  assert.equal(o.state, 2, `arrived (after ${steps} steps)`);
  assert.ok(distance(o.position, sent.target) <= 0.3 + 1e-6, `on its point: ${o.position}`);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a click on the ground with a selection clears it and gives no order: goals and targets stay', async () => {
  const { page, problems } = await openPlayground(env, '?scenario=rts_squads&paused');
  await hook(page, () => window.steerPlayground.step(30));
  const untouched = (await state(page)).hash; // the world 30 steps on, never clicked
  await hook(page, () => window.steerPlayground.load({ scenario: 'rts_squads' }));
  await hook(page, () => window.steerPlayground.pause());
  await drag(page, await client(page, [-57, -37]), await client(page, [-43, -23]));
  assert.equal((await state(page)).selected, 48, 'the red squad selected');
  const empty = await ground(page, [0, 0]);
  const at = await client(page, empty);
  await page.mouse.click(at.x, at.y);
  const s = await state(page);
  assert.equal(s.selected, 0, 'the click cleared the selection');
  assert.deepEqual([s.goals, s.target], [RTS_GOALS, null], 'and released no goal, set no target');
  assert.equal(await hudOrders(page), null, 'the readout drops the selection');
  await hook(page, () => window.steerPlayground.step(30));
  assert.equal((await state(page)).hash, untouched, 'the world steps on as one never clicked');
  assert.deepEqual(problems, []);
  await page.close();
});

test('a click on the ground with nothing selected sets every group\'s target and says whose goals it released', async () => {
  const { page, problems } = await openPlayground(env, '?scenario=rts_squads&paused');
  const empty = await ground(page, [10, 0]);
  const at = await client(page, empty);
  await page.mouse.click(at.x, at.y);
  const s = await state(page);
  assert.ok(s.target, 'the click set every group\'s target');
  assert.ok(distance(s.target, empty) < 0.5, `target ${s.target} at the click ${empty}`);
  assert.equal(s.goals, 0, 'every agent\'s own goal released, as before');
  const [x, y] = s.target.map((v) => v.toFixed(1));
  assert.equal(s.error, `target: every group goes to (${x}, ${y}); ${RTS_GOALS} agents' own goals released`,
    'and the status line says so');
  // With no goal left to release, a click says nothing.
  const again = await client(page, await ground(page, [15, 0]));
  await page.mouse.click(again.x, again.y);
  assert.equal((await state(page)).error, '');
  assert.deepEqual(problems, []);
  await page.close();
});

test('a right-click with nothing selected says so', async () => {
  const { page, problems } = await openPlayground(env, '?scenario=rts_squads&paused');
  const at = await client(page, [0, 20]);
  await page.mouse.click(at.x, at.y, { button: 'right' });
  const s = await state(page);
  assert.equal(s.error, 'send: nothing selected (drag a box round agents, or click one)');
  assert.deepEqual([s.goals, s.target, s.selected], [RTS_GOALS, null, 0], 'and does nothing');
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
  // As filed the last unit is home at 101.2 s, 3,035 steps (docs/scenarios.md).
  let steps = await run(async () => (await state(page)).goalsArrived === 56, 3600);
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

// The showcase wraps round its box, and walls pen its lower half: a goal is
// not wrapped (its agent seeks along the plain straight line), so a wall on
// that line holds it, and a slot outside the box can never be reached.
test('in a wrap world with walls a formation says what holds it and stays inside the box', async () => {
  const { page, problems } = await openPlayground(env, '?scenario=showcase&paused');
  // The wanderers' pen (walls at x = -40 and y = -12), sent to the
  // drifters' pen: two walls in between, and out of their own contain box.
  await drag(page, await client(page, [-79.5, -59.5]), await client(page, [-40.5, -12.5]));
  assert.equal((await state(page)).selected, 90);
  const drifters = await client(page, [20, -36]);
  await page.mouse.click(drifters.x, drifters.y, { button: 'right' });
  assert.match((await state(page)).error,
    /^send: 90 of 90 have a wall between them and that place .*; 90 of 90 are sent out of their group's contain box/);
  // Boids from above the long wall (y = -12), sent near the middle pen's
  // floor: the spiral, passing over the walls' sides, would reach past the
  // box's bottom edge (y = -60).
  await drag(page, await client(page, [-40, -8]), await client(page, [0, 25]));
  const { selected, bounds } = await state(page);
  assert.ok(selected > 250, `${selected} boids selected`);
  const floor = await client(page, [-20, -56]);
  await page.mouse.click(floor.x, floor.y, { button: 'right' });
  const orders = await hook(page, () => window.steerPlayground.orders());
  assert.equal(orders.length, selected);
  const outside = orders.filter(({ target: [x, y] }) => x < bounds[0] || x > bounds[2] || y < bounds[1] || y > bounds[3]);
  assert.deepEqual(outside.map((o) => o.target), [], 'every slot inside the world box');
  // More than the pen holds: the rest stand above its wall, and the page says how many it holds.
  assert.match((await state(page)).error, new RegExp(`^send: \\d+ of ${selected} have a wall between them`));
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

// An order seats at most 4,096 agents: more selected is said plainly (not
// the library's misuse text) and sends nobody; an order of more than a
// thousand is assigned a frame after the page says it is (the assignment
// runs in the page's thread).
test('an order of more than 4,096 says so and sends nobody; a large one says its places are being chosen', async () => {
  const { page, problems } = await openPlayground(env, '?scenario=standard&agents=5000&seed=2&paused');
  const { bounds } = await state(page);
  const corner = async (fx, fy) => client(page, [bounds[0] + fx * (bounds[2] - bounds[0]), bounds[1] + fy * (bounds[3] - bounds[1])]);
  await drag(page, await corner(-0.01, -0.01), await corner(1.01, 1.01));
  assert.equal((await state(page)).selected, 5000);
  const centre = await corner(0.5, 0.5);
  await page.mouse.click(centre.x, centre.y, { button: 'right' });
  await nextFrames(page);
  assert.match(await page.textContent('#error'), /5,000 selected: an order seats at most 4,096 agents/);
  assert.equal(await page.$eval('#error', (e) => e.classList.contains('info')), false, 'a refusal: the warning colour');
  assert.equal((await state(page)).goals, 0, 'nobody sent');
  // half of them: said first, sent once the worker has chosen
  await drag(page, await corner(-0.01, -0.01), await corner(0.5, 1.01));
  const selected = (await state(page)).selected;
  assert.ok(selected > 1000 && selected <= 4096, `${selected} selected`);
  // every line the status shows from the click on (the order may be sent by the time a test reads it)
  await page.evaluate(() => {
    const status = document.getElementById('error');
    window.statusLines = [];
    new MutationObserver(() => window.statusLines.push([status.textContent, status.classList.contains('info')]))
      .observe(status, { childList: true, characterData: true, subtree: true });
  });
  await page.mouse.click(centre.x, centre.y, { button: 'right' });
  await page.waitForFunction((n) => window.steerPlayground.state().goals === n, selected, { timeout: 60000 });
  const lines = await page.evaluate(() => window.statusLines);
  const said = lines.find(([text]) => /choosing places for [\d,]+ agents/.test(text));
  assert.ok(said, `said before the wait: ${JSON.stringify(lines)}`);
  assert.equal(said[1], true, 'what the gesture does: drawn dim');
  assert.deepEqual(problems, []);
  await page.close();
});

// 1,200 units at rest in a block on the left of an open field (more than
// the 1,000 the page sends at once)
const field = {
  name: 'field', bounds: { min: [-60, -60], max: [60, 60] }, boundary: 'clamp', seed: 1, dt: 1 / 30, steps: 10,
  groups: [{
    name: 'units', colour: '#5eb8ff', max_speed: 4, max_force: 8, radius: 0.4,
    neighbours: { radius: 2, separation_radius: 1 }, behaviours: { separation: 2 },
    spawn: Array.from({ length: 30 }, (_, k) => ({ shape: 'line', count: 40, from: [-55, -45 + 1.5 * k], to: [3.5, -45 + 1.5 * k], velocity: [0, 0] })),
  }],
};

// A large order's choice of who goes where is made in a worker (seconds for
// thousands): the world runs on meanwhile, and a later order drops it.
test('a large order is chosen in a worker while the world runs on; a later order replaces it', async () => {
  const { page, problems } = await openPlayground(env, '?paused');
  const r = await hook(page, (doc) => window.steerPlayground.load({ scenario: 'field', document: doc }), field);
  assert.ok(r.ok, r.error);
  await drag(page, await client(page, [-57, -47]), await client(page, [5, 0]));
  const selected = (await state(page)).selected;
  assert.equal(selected, 1200);
  await hook(page, () => window.steerPlayground.run());
  const second = await client(page, [40, 35]);
  await page.mouse.click(second.x, second.y, { button: 'right' });
  const clicked = (await state(page)).step;
  const waited = await page.evaluate(async (n) => {
    const h = window.steerPlayground;
    let stepped = 0;
    for (let k = 0; k < 6000; ++k) {
      await new Promise((ok) => requestAnimationFrame(ok));
      const rows = h.orders();
      if (rows.length === n && rows.every((o) => o.state > 0)) return { stepped, rows };
      stepped = Math.max(stepped, h.state().step);
    }
    return null;
  }, selected);
  assert.ok(waited, 'the order was sent');
  assert.ok(waited.stepped > clicked + 2, `the world stepped while the places were chosen (step ${clicked} -> ${waited.stepped})`);
  const meanY = (rows) => rows.reduce((a, o) => a + o.target[1], 0) / rows.length;
  assert.ok(meanY(waited.rows) > 20, `sent about the click (y 35): mean y ${meanY(waited.rows).toFixed(2)}`);
  assert.equal(new Set(waited.rows.map((o) => o.target.join())).size, selected, 'a place each');
  // Another large order (to y -35) whose answer is held back, then a small
  // one (sent in this thread): the large one's answer comes after it and is
  // dropped; nobody goes about y -35.
  await hook(page, () => window.steerPlayground.pause()); // the units stand still for the box
  const third = await client(page, [40, -35]);
  await hook(page, () => window.steerPlayground.holdOrders(true));
  await page.mouse.click(third.x, third.y, { button: 'right' });
  assert.equal((await hook(page, () => window.steerPlayground.orderWork())).choosing, 1200);
  await page.waitForFunction(() => window.steerPlayground.orderWork().held === 1, null, { timeout: 60000 });
  await drag(page, await client(page, [-60, -60]), await client(page, [-20, 60]));
  const few = (await state(page)).selected;
  assert.ok(few > 0 && few <= 1000, `${few} selected`);
  const fourth = await client(page, [-20, 40]);
  await page.mouse.click(fourth.x, fourth.y, { button: 'right' });
  await hook(page, () => window.steerPlayground.holdOrders(false));
  const work = await hook(page, () => window.steerPlayground.orderWork());
  assert.equal(work.dropped, 1);
  assert.equal(work.choosing, 0);
  assert.ok((await hook(page, () => window.steerPlayground.orders())).every((o) => o.target[0] < 0), 'the few go about their own click');
  await drag(page, await client(page, [-60, -60]), await client(page, [60, 60]));
  const all = await hook(page, () => window.steerPlayground.orders());
  assert.equal(all.length, 1200);
  assert.ok(all.every((o) => o.state > 0 && o.target[1] > 0), 'nobody sent about y -35');
  assert.deepEqual(problems, []);
  await page.close();
});

// A click that sets every group's target while a large order is being
// chosen releases every agent's own goal: the order's answer, coming after
// it, is dropped as a later order drops it (it sent the 1,200 back to the
// order's places, against the target the page had just said they go to).
test('a target set while a large order is being chosen drops the order', async () => {
  const { page, problems } = await openPlayground(env, '?paused');
  const r = await hook(page, (doc) => window.steerPlayground.load({ scenario: 'field', document: doc }), field);
  assert.ok(r.ok, r.error);
  await drag(page, await client(page, [-57, -47]), await client(page, [5, 0]));
  assert.equal((await state(page)).selected, 1200);
  await hook(page, () => window.steerPlayground.holdOrders(true));
  const there = await client(page, [40, 35]);
  await page.mouse.click(there.x, there.y, { button: 'right' });
  await page.waitForFunction(() => window.steerPlayground.orderWork().held === 1, null, { timeout: 60000 });
  const open = await client(page, [40, -35]);
  await page.mouse.click(open.x, open.y); // clears the selection
  await page.mouse.click(open.x, open.y); // sets every group's target
  const set = await state(page);
  assert.equal(set.selected, 0);
  assert.ok(set.target && distance(set.target, [40, -35]) < 1, `the target: ${set.target}`);
  assert.match(set.error, /every group goes to .*; the order of 1,200 being chosen dropped/);
  await hook(page, () => window.steerPlayground.holdOrders(false));
  const work = await hook(page, () => window.steerPlayground.orderWork());
  assert.equal(work.dropped, 1, 'the order\'s answer, older than the target, dropped');
  assert.equal(work.choosing, 0);
  assert.equal((await state(page)).goals, 0, 'nobody sent to the order\'s places: all go to the target');
  assert.deepEqual(problems, []);
  await page.close();
});

// The order worker may fail: here its instance of steer.wasm cannot be made
// (its wasi.js is broken, as a browser out of memory would fail it). The
// order it was given is then chosen in this thread and sent, and the page
// says why; it stood "choosing places" for good, the order never sent.
test('an order whose worker fails is chosen in this thread, and the page says so', async () => {
  const { page, problems } = await openPlayground(env, '?paused');
  const r = await hook(page, (doc) => window.steerPlayground.load({ scenario: 'field', document: doc }), field);
  assert.ok(r.ok, r.error);
  // the page has its own wasi.js by now: only the worker's import is broken
  await page.route('**/wasi.js', (route) => route.fulfill({
    contentType: 'text/javascript', body: 'export function wasiImports() { throw new Error("no instance"); }',
  }));
  await drag(page, await client(page, [-57, -47]), await client(page, [5, 0]));
  assert.equal((await state(page)).selected, 1200);
  const there = await client(page, [40, 35]);
  await page.mouse.click(there.x, there.y, { button: 'right' });
  await page.waitForFunction(() => window.steerPlayground.state().goals === 1200, null, { timeout: 60000 });
  assert.equal((await hook(page, () => window.steerPlayground.orderWork())).choosing, 0);
  assert.match((await state(page)).error, /the order worker failed \(.*no instance.*\): chosen in this thread/);
  const rows = await hook(page, () => window.steerPlayground.orders());
  assert.equal(new Set(rows.map((o) => o.target.join())).size, 1200, 'a place each');
  const meanY = rows.reduce((a, o) => a + o.target[1], 0) / rows.length;
  assert.ok(meanY > 20, `sent about the click (y 35): mean y ${meanY.toFixed(2)}`);
  assert.deepEqual(problems, []);
  await page.close();
});

// A scenario that fails to load keeps the world that runs, and so the order
// being chosen for its agents: it is sent when chosen (it was dropped at the
// load's start, sending nobody, and the status line went on saying
// "choosing places" when the failure was a file's).
test('a scenario that fails to load keeps the order being chosen; one that loads drops it', async () => {
  const { page, problems } = await openPlayground(env, '?paused');
  const r = await hook(page, (doc) => window.steerPlayground.load({ scenario: 'field', document: doc }), field);
  assert.ok(r.ok, r.error);
  const order = async (at) => {
    await drag(page, await client(page, [-57, -47]), await client(page, [5, 0]));
    assert.equal((await state(page)).selected, 1200);
    await hook(page, () => window.steerPlayground.holdOrders(true));
    const there = await client(page, at);
    await page.mouse.click(there.x, there.y, { button: 'right' });
    await page.waitForFunction(() => window.steerPlayground.orderWork().held === 1, null, { timeout: 60000 });
  };
  await order([40, 35]);
  const bad = structuredClone(field);
  bad.groups[0].max_speed = -1;
  const refused = await hook(page, (doc) => window.steerPlayground.load({ scenario: 'bad field', document: doc }), bad);
  assert.equal(refused.ok, false);
  await hook(page, () => window.steerPlayground.holdOrders(false));
  let work = await hook(page, () => window.steerPlayground.orderWork());
  assert.equal(work.dropped, 0, 'the world runs on: its order is not dropped');
  assert.equal((await state(page)).goals, 1200, 'and is sent');
  // another order, then a scenario that loads: that one is dropped
  await order([40, -35]);
  assert.ok((await hook(page, (doc) => window.steerPlayground.load({ scenario: 'field', document: doc }), field)).ok);
  await hook(page, () => window.steerPlayground.holdOrders(false));
  work = await hook(page, () => window.steerPlayground.orderWork());
  assert.equal(work.dropped, 1, 'the new world\'s agents are not the order\'s');
  assert.equal(work.choosing, 0);
  assert.equal((await state(page)).goals, 0);
  assert.deepEqual(problems, []);
  await page.close();
});

// The speed box: "a step a frame" by default (with steps of 1/60, about real
// time at 60 frames a second); "5x" steps the world by the time that passes,
// five times over (about 300 steps a second, however fast the display draws),
// and the readout gives the world's time.
test('the speed box paces the world by the clock; the readout gives its time', async () => {
  const { page, problems } = await openPlayground(env, '?scenario=standard&agents=200&seed=1');
  await page.selectOption('#speed', '5');
  const s0 = (await state(page)).step, t0 = Date.now();
  await page.waitForTimeout(1500);
  const s1 = (await state(page)).step, seconds = (Date.now() - t0) / 1000;
  const rate = (s1 - s0) / 60 / seconds;
  assert.ok(rate > 3 && rate < 6, `${s1 - s0} steps of 1/60 in ${seconds.toFixed(2)} s: ${rate.toFixed(2)}x real time`);
  assert.match(await page.textContent('#hud'), /[\d,.]+ s at [\d.]+x/);
  assert.deepEqual(problems, []);
  await page.close();
});
