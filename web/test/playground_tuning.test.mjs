// The playground in headless Chromium (Debian's, driven by playwright-core):
// what a visitor tunes stays tuned. Reset rebuilds the world from the
// scenario with the tuned sliders written in (agents back at their starts),
// defaults puts the file's values back, another scenario or a file starts
// from its own; export downloads the scenario with the tuned values, a
// file the page's reader and `steer run` both build the tuned world from.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUILD, DIST, openPlayground, start } from './browser.mjs';
import { hook, nextFrames, state } from './playground_page.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env?.close(); });

const STEPS = 120;
// The world's state hash STEPS steps on (the page paused: only these steps).
const hashAfter = (page) => hook(page, (n) => {
  const p = window.steerPlayground;
  p.pause();
  p.step(n);
  return p.state().hash;
}, STEPS);
const positions = async (page) => (await state(page, { positions: true })).positions;
const slider = (page, name) => page.locator(`input[data-param="${name}"]`);
const param = (page, name) => hook(page, (n) => window.steerPlayground.getParam(0, n), name);

test('reset keeps the tuned sliders and combine: the world is rebuilt with them, agents at their starts; defaults puts the file\'s back', async () => {
  const { page, problems } = await openPlayground(env, '?scenario=flocking&paused');
  const start0 = await positions(page);
  assert.equal(await param(page, 'weight.separation'), 20, 'the file\'s separation');
  const asFiled = await hashAfter(page);

  // Tuned with the mouse: the slider's input events and the combine list.
  await slider(page, 'weight.separation').fill('6');
  await slider(page, 'max_force').fill('9');
  await page.selectOption('#combine', '2'); // running sum
  await page.click('#reset');
  await nextFrames(page);
  const s = await state(page);
  assert.equal(s.step, 0, 'a new world');
  assert.deepEqual(await positions(page), start0, 'agents back at their starts');
  assert.equal(Number(await slider(page, 'weight.separation').inputValue()), 6, 'the slider keeps its value');
  assert.equal(await param(page, 'weight.separation'), 6, 'and so does the world');
  assert.equal(await param(page, 'max_force'), 9);
  assert.equal(await page.inputValue('#combine'), '2', 'the combine kept');
  assert.equal(s.error, 'reset: 3 tuned values kept (defaults: the file\'s values)');
  assert.deepEqual(await page.$$eval('#params .slider.tuned input', (e) => e.map((i) => i.dataset.param).sort()),
    ['max_force', 'weight.separation'], 'the tuned sliders marked');
  assert.equal(await page.isEnabled('#defaults'), true);
  const tuned = await hashAfter(page);
  assert.notEqual(tuned, asFiled, 'the tuned world moves otherwise than the file\'s');

  // Reset again: the same tuned world, not one tuned twice.
  await page.click('#reset');
  assert.equal(await hashAfter(page), tuned, 'a second reset builds the same tuned world');

  // A slider moved back onto the file's value is tuned no more.
  await slider(page, 'max_force').fill('18');
  assert.deepEqual(await hook(page, () => window.steerPlayground.tuned().map((t) => t.name).sort()),
    ['combine', 'weight.separation']);

  // defaults: the file's values again, the seed kept.
  await page.click('#defaults');
  await nextFrames(page);
  assert.equal(Number(await slider(page, 'weight.separation').inputValue()), 20);
  assert.equal(await page.inputValue('#combine'), '0');
  assert.deepEqual(await hook(page, () => window.steerPlayground.tuned()), []);
  assert.equal(await page.isEnabled('#defaults'), false, 'nothing left to put back');
  assert.equal(await page.$$eval('#params .slider.tuned', (e) => e.length), 0);
  assert.equal(await hashAfter(page), asFiled, 'the file\'s world');

  // The standard flock (built in C, no file) keeps its tuning on a reset too.
  await page.selectOption('#scenario', 'standard flock');
  await page.waitForFunction(() => window.steerPlayground.state().scenario === 'standard flock');
  const standard = await hashAfter(page);
  await slider(page, 'weight.cohesion').fill('3');
  await page.click('#reset');
  assert.equal(await param(page, 'weight.cohesion'), 3, 'the standard flock\'s tuned cohesion kept');
  assert.notEqual(await hashAfter(page), standard);
  await page.click('#export');
  assert.match((await state(page)).error, /^export: the standard flock is built in C/, 'nothing to export, and it says so');
  assert.deepEqual(problems, []);
  await page.close();
});

test('export downloads the tuned scenario: it loads through the file picker and steer run builds the same world', async () => {
  // A seed and a count of the visitor's own: the export keeps them too.
  const { page, problems } = await openPlayground(env, '?scenario=flocking&seed=11&agents=300&paused');
  const asFiled = await hashAfter(page);
  await slider(page, 'weight.separation').fill('6');
  await slider(page, 'max_speed').fill('6.5');
  await page.click('#params summary:text-is("radii")'); // folded at first
  await slider(page, 'wander.jitter').fill('12'); // a parameter of a behaviour the file gives as an object
  await slider(page, 'slow_radius').fill('7'); // a parameter of a behaviour the file does not list
  await page.selectOption('#combine', '2');
  await page.click('#reset');
  const tuned = await hashAfter(page);
  assert.notEqual(tuned, asFiled);

  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export')]);
  assert.equal(download.suggestedFilename(), 'flocking.json', 'named after the scenario');
  const text = readFileSync(await download.path(), 'utf8');
  assert.equal((await state(page)).error, 'export: flocking.json, 5 tuned values in it');
  const doc = JSON.parse(text);
  const group = doc.groups[0];
  assert.deepEqual([doc.seed, group.spawn[0].count], [11, 300], 'the seed and count the world runs');
  assert.deepEqual([group.max_speed, group.combine, group.behaviours.separation, group.behaviours.wander],
    [6.5, 'running_sum', 6, { weight: 1.5, jitter: 12 }]);
  assert.equal(group.behaviours.arrive.weight, 0, 'slow_radius goes in with arrive off');
  assert.equal(group.behaviours.arrive.slow_radius, 7);
  const file = JSON.parse(readFileSync(join(DIST, 'scenarios', 'flocking.json'), 'utf8'));
  const { spawn, ...rest } = group, { spawn: _, ...fileRest } = file.groups[0];
  assert.deepEqual(Object.keys(rest).filter((k) => !(k in fileRest)), ['combine'], 'nothing else added to the group');
  assert.deepEqual(Object.keys(doc), Object.keys(file), 'the file\'s keys, in its order');

  // Opened in the page, through the file picker and the C reader: the tuned world.
  await page.setInputFiles('#file', { name: 'flocking.json', mimeType: 'application/json', buffer: Buffer.from(text) });
  await page.waitForFunction(() => window.steerPlayground.state().scenario === 'file:flocking.json');
  assert.equal(await page.textContent('#file-message'), '', 'a valid scenario');
  assert.equal(await param(page, 'weight.separation'), 6);
  assert.equal(await hashAfter(page), tuned, 'the exported file builds the tuned world');

  // And natively: the scenario reader of `steer run`, and its state hash.
  const dir = mkdtempSync(join(tmpdir(), 'steer-export-'));
  try {
    writeFileSync(join(dir, 'flocking.json'), text);
    assert.equal(execFileSync(join(BUILD, 'hash_scenario'), [join(dir, 'flocking.json'), '--steps', String(STEPS)],
      { encoding: 'utf8' }).trim(), tuned, 'hash_scenario');
    // 3 steps a frame (360 steps, 120 frames): 40 frames are the STEPS steps.
    const run = execFileSync(join(BUILD, 'steer'), ['run', 'flocking.json', '-o', 'out', '--size', '32x32', '--frames',
      String(STEPS / 3)], { cwd: dir, encoding: 'utf8' });
    assert.match(run, new RegExp(`state hash ${tuned}`), 'steer run builds the same world');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  assert.deepEqual(problems, []);
  await page.close();
});

test('another scenario, or a file opened, starts from its file\'s values: the tuning goes', async () => {
  const { page, problems } = await openPlayground(env, '?scenario=flocking&paused');
  const asFiled = await hashAfter(page);
  await slider(page, 'weight.separation').fill('6');
  await page.click('#reset');
  assert.equal(await param(page, 'weight.separation'), 6, 'kept by the reset');

  await page.selectOption('#scenario', 'obstacles');
  await page.waitForFunction(() => window.steerPlayground.state().scenario === 'obstacles');
  assert.deepEqual(await hook(page, () => window.steerPlayground.tuned()), [], 'another scenario: nothing tuned');
  await page.selectOption('#scenario', 'flocking');
  await page.waitForFunction(() => window.steerPlayground.state().scenario === 'flocking');
  assert.equal(Number(await slider(page, 'weight.separation').inputValue()), 20, 'back to flocking: the file\'s value');
  assert.equal(await page.isEnabled('#defaults'), false);
  assert.equal((await state(page)).error, '');
  assert.equal(await hashAfter(page), asFiled, 'the file\'s world');

  // A file opened (the same scenario's) starts from its values too.
  await slider(page, 'weight.separation').fill('6');
  await page.click('#reset');
  await page.setInputFiles('#file', join(DIST, 'scenarios', 'flocking.json'));
  await page.waitForFunction(() => window.steerPlayground.state().scenario === 'file:flocking.json');
  assert.equal(await param(page, 'weight.separation'), 20, 'the file\'s value');
  assert.deepEqual(await hook(page, () => window.steerPlayground.tuned()), []);
  assert.equal(await hashAfter(page), asFiled);
  assert.deepEqual(problems, []);
  await page.close();
});

test('tanks\' arrival sliders: the file\'s tolerance, speed and departure shown; tuned and exported, steer run builds the same world', async () => {
  // tanks.json's turn-limited units hold their headings within its
  // arrival_tolerance of 0.3 (at the default 0.05, its description says,
  // most end turned away from their way): the panel shows and tunes it.
  const { page, problems } = await openPlayground(env, '?scenario=tanks&paused');
  const shown = await page.$$eval('#params input[data-param]', (inputs) =>
    Object.fromEntries(inputs.filter((i) => /^(arrival|departure)/.test(i.dataset.param)).map((i) => [i.dataset.param, +i.value])));
  assert.deepEqual(shown, { arrival_tolerance: 0.3, arrival_speed: 0.1, departure_distance: 0.6 }, 'the file\'s values');
  const after900 = () => hook(page, () => { const p = window.steerPlayground; p.pause(); p.step(900); return p.state().hash; });
  const asFiled = await after900();
  await slider(page, 'arrival_tolerance').fill('0.05'); // the library's default
  await slider(page, 'departure_distance').fill('0');
  await page.click('#reset');
  assert.deepEqual([await param(page, 'arrival_tolerance'), await param(page, 'departure_distance')], [Math.fround(0.05), 0]);
  const tuned = await after900();
  assert.notEqual(tuned, asFiled, 'the tanks land otherwise');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export')]);
  const doc = JSON.parse(readFileSync(await download.path(), 'utf8'));
  assert.deepEqual([doc.groups[0].arrival_tolerance, doc.groups[0].departure_distance], [0.05, 0], 'at the file\'s keys');
  const dir = mkdtempSync(join(tmpdir(), 'steer-export-'));
  try {
    writeFileSync(join(dir, 'tanks.json'), JSON.stringify(doc));
    assert.equal(execFileSync(join(BUILD, 'hash_scenario'), [join(dir, 'tanks.json'), '--steps', '900'], { encoding: 'utf8' }).trim(),
      tuned, 'hash_scenario');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  assert.deepEqual(problems, []);
  await page.close();
});
