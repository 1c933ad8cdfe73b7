// The steer playground: the library compiled to WebAssembly (steer.wasm, from
// src/ and web/playground.c), drawn on a canvas. All simulation and every
// check lives in C; this file loads the module, walks scenario JSON into the
// C setters, paints, and turns mouse and controls into calls.
//
// window.steerPlayground is a small hook for tests and the console:
//   ready, load({scenario, seed, agents, document, fresh}), pause(), run(), step(n),
//   state({neighbours, positions}), orders(), camera(), setParam(group, name, value),
//   getParam(group, name), setCombine(group, mode), tuned(), exportScenario(),
//   worldToClient(x, y), agentAt(x, y), scenarios(), orderWork(), holdOrders(hold)

import { wasiImports } from './wasi.js';

// The benchmark's workload: the same world as `steer bench`, listed last and
// labelled so, since it is dense and clumpy by design.
const STANDARD = 'standard flock';
const STANDARD_LABEL = 'standard flock (benchmark)';
const STANDARD_ABOUT = "The workload of steer bench and the determinism tests: random agents on a torus, 16 " +
  'neighbours each on average. Dense and clumpy by design, not tuned to look like a flock.';
const FIRST = ['showcase', 'flocking']; // flocks first: what a visitor sees on arriving
const FILE = 'file:'; // the prefix of a scenario the visitor opened: FILE + its file name
const MAX_SEED = Number.MAX_SAFE_INTEGER; // the seeds a JavaScript number holds exactly
const LAYER_ALWAYS = 64 | 128 | 256; // obstacles, walls, bounds
// What pg_draw draws beneath the agents (the ground: flow fields and paths,
// then obstacles, walls and the bounds) and the overlays over them.
const LAYER_GROUND = 8 | 16, LAYER_OVER = 1 | 2 | 4 | 32;
const ORDER_FIELDS = 6; // a row of pg_orders: x y target_x target_y radius state
const GOING = 1, ARRIVED = 2; // its states (0: no goal of its own)

// ---- the module ------------------------------------------------------------
let wasm; // exports
let wasmModule; // the compiled module, which the order worker instantiates too

// steer.wasm has the simd128 kernel; ?module=scalar loads steer-scalar.wasm,
// the same C built without SIMD (the same bits, for comparison). Another
// name is refused as a scenario's is: the page runs simd128 and says so.
const MODULES = { simd128: 'steer.wasm', scalar: 'steer-scalar.wasm' };
const askedModule = new URLSearchParams(location.search).get('module');
const moduleFile = MODULES[askedModule] ?? MODULES.simd128;
const refusedModule = askedModule !== null && !Object.hasOwn(MODULES, askedModule)
  ? `module: no module named ${JSON.stringify(askedModule)} (simd128 or scalar); running simd128` : '';
async function loadModule() {
  const response = fetch(moduleFile);
  let module;
  try {
    module = await WebAssembly.compileStreaming(response);
  } catch { // a server that does not say application/wasm
    module = await WebAssembly.compile(await (await fetch(moduleFile)).arrayBuffer());
  }
  wasm = (await WebAssembly.instantiate(module, wasiImports(module, () => wasm.memory))).exports;
  wasm._initialize();
  wasmModule = module;
}

const cstr = (ptr) => {
  const bytes = new Uint8Array(wasm.memory.buffer, ptr);
  return new TextDecoder().decode(bytes.subarray(0, bytes.indexOf(0)));
};

// Calls a module function the library may refuse, and why(r) says why it
// did: the library's own message (the function, the field, the value and the
// rule, kept by the misuse handler in playground.c), else the result's name.
function call(fn, ...args) {
  wasm.pg_misuse_clear();
  return fn(...args);
}
const why = (r) => cstr(wasm.pg_misuse()) || cstr(wasm.pg_result_string(r));

// Calls fn with each string argument copied into the module's memory.
function withStrings(strings, fn) {
  const encoded = strings.map((s) => new TextEncoder().encode(s + '\0'));
  const ptrs = encoded.map((bytes) => {
    const p = wasm.pg_alloc(bytes.length);
    new Uint8Array(wasm.memory.buffer, p, bytes.length).set(bytes);
    return p;
  });
  try { return fn(...ptrs); } finally { ptrs.forEach((p) => wasm.pg_free(p)); }
}

// ---- scenarios ----------------------------------------------------------------
// The same walk as the steer command's (tools/scenario/scenario_json.c):
// depth first, document order, every object and array announced first.
const plainKey = (key) => /^[A-Za-z0-9_$]+$/.test(key);

function fillScenario(sc, value, path) {
  const at = (fn, ...rest) => withStrings([path], (p) => fn(sc, p, ...rest));
  if (Array.isArray(value)) {
    if (at(wasm.steer_scenario_set_array, value.length)) return -1;
    for (let i = 0; i < value.length; ++i) if (fillScenario(sc, value[i], `${path}[${i}]`)) return -1;
    return 0;
  }
  if (value === null) return at(wasm.steer_scenario_set_null);
  switch (typeof value) {
    case 'object': {
      if (at(wasm.steer_scenario_set_object)) return -1;
      for (const [key, member] of Object.entries(value)) {
        const sub = path ? `${path}.${key}` : key;
        if (!plainKey(key)) { // recorded, and the walk goes on to the keys after it, as steer run's does
          const shown = path ? `${path}."${key}"` : `"${key}"`;
          withStrings([shown, 'unknown key'], (p, m) => wasm.steer_scenario_fail(sc, p, m));
          continue;
        }
        if (fillScenario(sc, member, sub)) return -1;
      }
      return 0;
    }
    case 'number': return at(wasm.steer_scenario_set_number, value);
    case 'boolean': return at(wasm.steer_scenario_set_bool, value ? 1 : 0);
    case 'string': return withStrings([path, value], (p, s) => wasm.steer_scenario_set_string(sc, p, s));
  }
  return withStrings([path, 'unexpected JSON value'], (p, m) => wasm.steer_scenario_fail(sc, p, m));
}

const scenarioDocs = new Map(); // name -> parsed JSON
let scenarioNames = []; // the built-in scenarios, flocks first

async function listScenarios() {
  let names = [];
  try {
    const r = await fetch('scenarios/index.json');
    names = r.ok ? await r.json() : [];
  } catch { names = []; }
  scenarioNames = [...FIRST.filter((n) => names.includes(n)), ...names.filter((n) => !FIRST.includes(n))];
  return scenarioNames;
}

// What the page calls a scenario: a file's own name, as the steer command
// prefixes its messages.
const shownName = (scenario) =>
  scenario === STANDARD ? STANDARD_LABEL : scenario.startsWith(FILE) ? scenario.slice(FILE.length) : scenario;

// A whole number typed into `field`: { value }, or { error } naming the field,
// what was typed and the rule. Nothing is rounded or clamped.
function wholeNumber(field, typed, lo, hi) {
  const text = String(typed ?? '').trim();
  const value = /^[0-9]+$/.test(text) ? Number(text) : NaN;
  if (value >= lo && value <= hi) return { value };
  const got = text === '' ? 'nothing' : text;
  return { error: `${field}: expected a whole number from ${figure(lo)} to ${figure(hi)}, got ${got}` };
}

async function scenarioDoc(name, document) {
  if (document !== undefined) scenarioDocs.set(name, document);
  if (!scenarioDocs.has(name)) {
    const r = await fetch(`scenarios/${name}.json`);
    if (!r.ok) throw new Error(`scenarios/${name}.json: ${r.status} ${r.statusText}`);
    scenarioDocs.set(name, await r.json());
  }
  return structuredClone(scenarioDocs.get(name));
}

// Scales the spawn counts so the total is `agents` (each keeps >= 1, so a
// count below the spawns' number gives more). A "points" spawn keeps its
// count: it is the number of its points, whether or not the file also gives
// it as `count`. The counts are apportioned by largest remainder (ties to
// the earlier spawn), so they add up to what was asked: the count a world
// spawned, asked for again, builds the same world.
function scaleSpawns(doc, agents) {
  const spawns = (doc.groups ?? []).flatMap((g) => (Array.isArray(g?.spawn) ? g.spawn : []));
  const counted = (sp) => typeof sp?.count === 'number' && sp.count > 0;
  const points = (sp) => sp?.shape === 'points' && Array.isArray(sp.points);
  const scaled = spawns.filter((sp) => counted(sp) && sp.shape !== 'points');
  const pinned = spawns.filter(points).reduce((n, sp) => n + sp.points.length, 0);
  const total = scaled.reduce((n, sp) => n + sp.count, 0), want = Math.max(agents - pinned, 0);
  if (!total || want === total) return;
  const quotas = scaled.map((sp) => (sp.count * want) / total);
  const counts = quotas.map((q) => Math.max(1, Math.floor(q)));
  let left = want - counts.reduce((n, c) => n + c, 0);
  // Largest remainders first take one more; while over (spawns raised to 1),
  // the smallest remainders of those above 1 give one back.
  const order = quotas.map((q, i) => i).sort((a, b) => (quotas[b] - counts[b]) - (quotas[a] - counts[a]) || a - b);
  for (let k = 0; left > 0; k = (k + 1) % order.length, --left) ++counts[order[k]];
  for (let k = order.length - 1; left < 0 && k >= 0; --k) if (counts[order[k]] > 1) { --counts[order[k]]; ++left; }
  scaled.forEach((sp, i) => { sp.count = counts[i]; });
}

// A slider's step: about a 400th of its range, rounded up to 1, 2, 2.5 or 5
// times a power of ten, so that round values (1, 0.5, a default) lie on its
// grid (every slider's min is a multiple of its step) and the arrow keys
// step away from one and back onto it.
// The table's ends come as written (doubles: 0.1, not a float's
// 0.10000000149), so the grid holds both ends and the round values between.
function sliderStep(range) {
  const raw = range / 400, power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= raw * (1 - 1e-9));
  return Number(step.toPrecision(6)); // 0.025, not 0.025000000000000001
}
// A slider's value as the group has it (a float), to the slider's step: the
// page's three figures, and more decimals where the value has them (19.95
// on a step of 0.05 is not 20.0), up to the step's.
function sliderFigure(value, step) {
  const most = (String(step).split('.')[1] ?? '').length;
  let digits = Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2;
  while (digits < most && Math.abs(Number(value.toFixed(digits)) - value) > Math.abs(value) * 2 ** -23) ++digits;
  return figure(value, digits);
}

// ---- the world as the page holds it ------------------------------------------
const sim = {
  scenario: STANDARD, seed: 1, agents: 2000, fileSeed: null, about: '',
  groupNames: ['flock'], paused: false, running: false, target: null, paths: 0, error: '',
  speed: 0, owed: 0, rate: 0, // the speed chosen (0: a step a frame), the world's time owed, its rate
  msPerStep: 0, fps: 0, bounds: [0, 0, 1, 1], loading: 0,
  // What the visitor tuned (sliders, combine): 'group\tname' -> value, kept
  // by a reset and written into an export; `file` is the world as the
  // scenario builds it (each group's values, combine, target and threat),
  // `base` the scenario as loaded (spawns scaled; null for the standard flock).
  tuning: new Map(), file: [], base: null,
};

function colourCss(c) {
  return `rgba(${c >>> 24},${(c >>> 16) & 255},${(c >>> 8) & 255},${((c & 255) / 255).toFixed(3)})`;
}

// Builds a world; seed and agents are checked first (as typed: strings or
// numbers). A refused load changes nothing: the world that was running runs
// on, and the message shows next to what was wrong (the field, the file
// picker, or the status line). document: a scenario given as parsed JSON
// instead of a file's.
// Loads overlap when a scenario's file is still on its way as another is
// picked: the last one asked for wins, and an earlier one that arrives later
// changes nothing.
let loadTicket = 0;
async function load(options) {
  ++sim.loading;
  try { return await loadNow(options); } finally { --sim.loading; }
}

// A reset (the same scenario, no new document) keeps what the visitor tuned:
// the world is built from the scenario with the tuned values written in, as
// an export writes them. Another scenario, a file, or `fresh` (the defaults
// button) starts from the file's values.
async function loadNow({ scenario = sim.scenario, seed, agents, document, fresh } = {}) {
  fresh ??= scenario !== sim.scenario || document !== undefined || !sim.file.length;
  const tuning = fresh ? new Map() : sim.tuning;
  const problems = {}, given = { seed: seed !== undefined, agents: agents !== undefined };
  if (seed !== undefined) ({ value: seed, error: problems.seed } = wholeNumber('seed', seed, 0, MAX_SEED));
  if (agents !== undefined) ({ value: agents, error: problems.agents } = wholeNumber('agents', agents, 1, wasm.pg_max_agents()));
  if (problems.seed || problems.agents) {
    // A good value beside a refused one is not applied either: say so there.
    const held = (field, other) => (given[field] ? `${field}: not applied while the ${other} is refused` : '');
    ui.message('seed', problems.seed ?? held('seed', 'agent count'), !problems.seed); // a note: not invalid
    ui.message('agents', problems.agents ?? held('agents', 'seed'), !problems.agents);
    const refused = ['seed', 'agents'].filter((field) => problems[field]);
    return { ok: false, error: refused.map((field) => problems[field]).join('\n'), refused };
  }
  const ticket = ++loadTicket;
  let error = '', groupNames = ['flock'], fileSeed = null, about = STANDARD_ABOUT;
  let base = null, left = tuning; // what the scenario file cannot hold: set on the world once built
  if (scenario === STANDARD) {
    agents ??= sim.scenario === STANDARD ? sim.agents : 2000;
    seed ??= sim.seed;
    const result = call(wasm.pg_load_standard, agents, seed);
    if (result) error = why(result); // the world that runs is kept, and its order being chosen
    else dropOrder(); // an order still being chosen was for the old world's agents
  } else {
    let doc = null;
    try { doc = await scenarioDoc(scenario, document); } catch (e) { error = e.message; }
    if (ticket !== loadTicket) return { ok: false, error: '', superseded: true };
    if (doc) {
      fileSeed = typeof doc.seed === 'number' ? doc.seed : null;
      seed ??= fileSeed ?? 1;
      if (agents !== undefined) scaleSpawns(doc, agents);
      base = structuredClone(doc);
      left = writeTuning(doc, tuning, sim.file).left;
      const sc = wasm.steer_scenario_create();
      if (fillScenario(sc, doc, '')) error = cstr(wasm.steer_scenario_error(sc));
      else if (wasm.pg_load_scenario(sc, seed, seed === fileSeed ? 0 : 1)) error = cstr(wasm.pg_text());
      else dropOrder();
      wasm.steer_scenario_destroy(sc);
      groupNames = (doc.groups ?? []).map((g, i) => g?.name ?? `group ${i}`);
      about = typeof doc.description === 'string' ? doc.description : '';
    }
  }
  if (error) {
    error = error.split('\n').map((line) => `${shownName(scenario)}: ${line}`).join('\n'); // each, as steer run names them
    if (scenario.startsWith(FILE)) ui.message('file', error);
    else sim.error = error;
    return { ok: false, error };
  }
  Object.assign(sim, {
    scenario, seed, groupNames, fileSeed, about, error: '', running: true, target: null, paths: 0, msPerStep: 0,
    bounds: [0, 1, 2, 3].map((i) => wasm.pg_bounds(i)), agents: wasm.pg_view(), base,
  });
  if (fresh) sim.file = fileValues();
  sim.tuning = new Map(tuning);
  if (!fresh && tuning.size) sim.error = keepTuning(left);
  stepTimes.length = 0; // the last world's steps are not this one's
  remember({
    scenario, seed: scenario === STANDARD || seed !== fileSeed ? seed : undefined,
    agents: scenario === STANDARD || given.agents ? agents : undefined,
  });
  if (given.seed) ui.message('seed', '');
  // A scenario's spawns are scaled and rounded (each keeps at least one), so
  // the count can differ from the one asked for: say so.
  if (given.agents) ui.message('agents', agents === sim.agents ? '' : `agents: ${figure(agents)} asked for, ` +
    `${figure(sim.agents)} spawned (each spawn of the scenario is scaled and rounded, at least 1 each)`, true);
  ui.message('file', '');
  ui.refresh();
  hashShown = ''; // the last world's hash is not this one's
  return { ok: true, error: '', agents: sim.agents };
}

// The address names the world that runs, so a reload builds it again: the
// scenario, its seed unless it is the file's own, and the agent count when
// one was asked for (the standard flock's always), as the page reads them
// on load; and `paused` while the world is paused (pause, a step), gone once
// it runs, so a reload or a shared address opens it as it is now. Its other
// parameter (module) stays as it is. A world that is not in the list (a file
// opened, a document given to load) has no name to reload by: the address
// then names none.
function remember({ scenario, seed, agents }) {
  const parts = [];
  if (scenario === STANDARD || scenarioNames.includes(scenario)) {
    parts.push(`scenario=${encodeURIComponent(scenario === STANDARD ? 'standard' : scenario)}`);
    if (seed !== undefined) parts.push(`seed=${seed}`);
    if (agents !== undefined) parts.push(`agents=${agents}`);
  }
  rewriteAddress(['scenario', 'seed', 'agents'], parts);
}
const rememberPaused = () => rewriteAddress(['paused'], sim.paused ? ['paused'] : []);

// Replaces the address's parameters `names` with `parts` (after the others,
// which stay as they are), with history.replaceState: no new history entry.
function rewriteAddress(names, parts) {
  const name = (part) => { try { return decodeURIComponent(part.split('=')[0]); } catch { return part; } };
  const keep = location.search.slice(1).split('&').filter((part) => part && !names.includes(name(part)));
  const search = keep.length + parts.length ? `?${[...keep, ...parts].join('&')}` : '';
  if (search !== location.search) history.replaceState(history.state, '', `${location.pathname}${search}${location.hash}`);
}

// ms/step is the median of the last STEP_TIMES steps timed (a call of n
// steps counts once, at its mean): a world's first steps are slow (its
// tables grow, the code warms up), and an average seeded with them showed
// 77 ms/step for steps of 5. The lower median: of two, the faster.
const STEP_TIMES = 15;
const stepTimes = [];
function stepWorld(count) {
  const t0 = performance.now();
  const r = call(wasm.pg_step, count);
  const ms = (performance.now() - t0) / count;
  if (count > 0 && Number.isFinite(ms)) {
    if (stepTimes.push(ms) > STEP_TIMES) stepTimes.shift();
    const sorted = [...stepTimes].sort((a, b) => a - b);
    sim.msPerStep = sorted[(sorted.length - 1) >> 1];
  }
  if (r) {
    sim.error = `step: ${why(r)}`;
    sim.running = false;
  }
  return r;
}

// ---- parameters (the table in playground.c) ---------------------------------------
const params = [];
function readParamTable() {
  for (let i = 0; i < wasm.pg_param_count(); ++i)
    params.push({
      index: i, name: cstr(wasm.pg_param_name(i)), section: cstr(wasm.pg_param_section(i)),
      min: wasm.pg_param_min(i), max: wasm.pg_param_max(i), key: cstr(wasm.pg_param_key(i)),
    });
}
const paramIndex = (name) => {
  const p = params.find((q) => q.name === name);
  if (!p) throw new Error(`no parameter ${name}`);
  return p.index;
};
// A slider moved (or the hook's setParam): set on the world, which may
// refuse it, and remembered as tuned.
function setParam(group, name, value) {
  const i = paramIndex(name);
  const r = call(wasm.pg_param_set, group, i, value);
  sim.error = r ? `${name}: ${why(r)}` : '';
  if (!r) noteTuned(group, name, value, sim.file[group]?.values[i]);
  return r;
}
function setCombine(group, mode) {
  const r = call(wasm.pg_group_set_combine, group, mode);
  sim.error = r ? `combine: ${why(r)}` : '';
  if (!r) noteTuned(group, 'combine', mode, sim.file[group]?.combine);
  return r;
}
const getParam = (group, name) => wasm.pg_param_get(group, paramIndex(name));

// ---- tuning: kept by a reset, written into an export ---------------------------------
const tuningKey = (group, name) => `${group}\t${name}`;
const COMBINES = ['blend', 'priority', 'running_sum', 'dither']; // the file's words for pg_group_combine
// A behaviour that needs its object: the key it cannot do without.
const NEEDS = { seek: 'target', arrive: 'target', flee: 'threat', pursue: 'group', evade: 'group',
  follow_leader: 'leader', follow_path: 'path', follow_flow: 'field' };

// The world as the scenario builds it, read once it is built fresh: what a
// tuned value is compared with, and what an export needs that the world,
// not the file, holds (a target the file leaves to its default).
function fileValues() {
  return Array.from({ length: wasm.pg_group_count() }, (_, g) => ({
    values: params.map((p) => wasm.pg_param_get(g, p.index)),
    combine: wasm.pg_group_combine(g),
    target: [0, 1, 2].map((axis) => wasm.pg_group_vector(g, 0, axis)),
    threat: [0, 1, 2].map((axis) => wasm.pg_group_vector(g, 1, axis)),
  }));
}

// A value the visitor set (a slider, the hook's setParam, the combine list):
// tuned while it differs from the file's, forgotten once it is back on it.
function noteTuned(group, name, value, fileValue) {
  const key = tuningKey(group, name);
  if (fileValue === undefined || Math.fround(value) === fileValue) sim.tuning.delete(key);
  else sim.tuning.set(key, value);
  ui.refreshTuned();
}

// Writes the tuning into a scenario document (parsed JSON: the group's key
// for each value, docs/scenarios.md), in place. A behaviour the file does
// not list is added (weight 0 when only a parameter of it was tuned), with
// its target or threat as the world has it; one that needs a group, path,
// field or leader the file does not give it cannot be written: those are
// `left`, with why, for the setters.
function writeTuning(doc, tuning, file) {
  const left = new Map(), notes = [];
  for (const [key, value] of tuning) {
    const [g, name] = key.split('\t');
    const group = doc.groups?.[+g];
    const problem = group && typeof group === 'object' && file[+g] ? writeValue(doc, group, name, value, file[+g]) : 'no such group';
    if (problem) { left.set(key, value); notes.push(`${name} of ${sim.groupNames[+g] ?? `group ${g}`} (${problem})`); }
  }
  return { left, notes };
}

// Sets obj[key], a key new to obj going before the first of `before` it has
// (a group's limits before its behaviours and spawns, as the files are
// written), else last.
function put(obj, key, value, before = []) {
  const entries = Object.entries(obj), at = entries.findIndex(([k]) => before.includes(k));
  if (key in obj || at < 0) { obj[key] = value; return value; }
  entries.splice(at, 0, [key, value]);
  for (const k of Object.keys(obj)) delete obj[k];
  Object.assign(obj, Object.fromEntries(entries));
  return value;
}
const GROUP_TAIL = ['neighbours', 'combine', 'behaviours', 'spawn'];

function writeValue(doc, group, name, value, file) {
  if (name === 'combine') {
    put(group, 'combine', COMBINES[value], GROUP_TAIL.slice(2));
    // a probability is for dither alone: another combine refuses it (the world keeps it, unused)
    if (value !== 3 && group.behaviours && typeof group.behaviours === 'object')
      for (const b of Object.values(group.behaviours)) if (b && typeof b === 'object') delete b.probability;
    return '';
  }
  const path = params[paramIndex(name)].key.split('.');
  if (path[0] !== 'behaviours') {
    let at = group;
    for (const k of path.slice(0, -1)) at = at[k] ?? put(at, k, {}, GROUP_TAIL.slice(1));
    put(at, path.at(-1), value, at === group ? GROUP_TAIL : []);
    return '';
  }
  const [, behaviour, field] = path;
  if (group.behaviours === undefined) {
    put(group, 'behaviours', {}, GROUP_TAIL.slice(3));
    // A crowd preset's behaviours stand only while the group lists none:
    // listing one makes the list the whole table, so the preset's go in too.
    if (group.preset === 'crowd')
      for (const p of params) {
        const b = p.name.startsWith('weight.') && p.name.slice('weight.'.length), weight = file.values[p.index];
        if (!b || weight === 0) continue;
        if (NEEDS[b]) return `the crowd preset's ${b} needs its object`;
        group.behaviours[b] = weight;
      }
  }
  const behaviours = group.behaviours;
  let entry = behaviours[behaviour];
  if (entry === undefined) {
    const needs = NEEDS[behaviour];
    if (needs === 'target' || needs === 'threat') {
      const vec = fileVector(doc, group, needs, file);
      if (!vec) return `${behaviour} needs a ${needs} inside the world box`;
      entry = { weight: 0, [needs]: vec };
    } else if (needs) return `${behaviour} needs a ${needs} the file does not give this group`;
    else entry = 0; // off, as the file has it
  }
  if (field === 'weight' && typeof entry === 'number') entry = value;
  else {
    if (typeof entry === 'number') entry = { weight: entry };
    entry[field] = value;
  }
  behaviours[behaviour] = entry;
  return '';
}

// The target (or threat) a behaviour added to the file gets: the one the
// file gives the group already (seek and arrive share one), else the
// world's default, if a bounded world's box holds it.
function fileVector(doc, group, which, file) {
  const b = group.behaviours;
  const given = which === 'target' ? (b.seek?.target ?? b.arrive?.target) : b.flee?.threat;
  if (Array.isArray(given)) return structuredClone(given);
  const vec = file[which].slice(0, doc.dim === 3 ? 3 : 2);
  const lo = doc.bounds?.min, hi = doc.bounds?.max;
  if ((doc.boundary ?? 'wrap') !== 'none' && Array.isArray(lo) && Array.isArray(hi) &&
    vec.some((v, axis) => v < (lo[axis] ?? 0) || v > (hi[axis] ?? 0))) return null;
  return vec;
}

// After a reset: the tuned values the file could not hold are set on the
// world (a value refused there, a path drawn and gone, is forgotten), and
// the status line says what the reset kept.
function keepTuning(left) {
  const dropped = [];
  for (const [key, value] of left) {
    const [g, name] = key.split('\t');
    const r = name === 'combine' ? call(wasm.pg_group_set_combine, +g, value) : call(wasm.pg_param_set, +g, paramIndex(name), value);
    if (r) { dropped.push(`${name}: ${why(r)}`); sim.tuning.delete(key); }
  }
  const kept = sim.tuning.size;
  return [kept && `reset: ${figure(kept)} tuned ${plural(kept, 'value')} kept (defaults: the file's values)`,
    ...dropped.map((d) => `reset: not kept, ${d}`)].filter(Boolean).join('\n');
}

// The running scenario as a file, as a reset builds it: the tuned values
// written in, the seed the world runs, the spawn counts it spawned. Named
// after the scenario; `steer run` builds the same world from it.
function exportScenario() {
  if (!sim.base) return { ok: false, error: 'export: the standard flock is built in C (steer bench), not from a scenario file; pick a scenario to export' };
  const doc = structuredClone(sim.base);
  const { notes: left } = writeTuning(doc, sim.tuning, sim.file);
  put(doc, 'seed', sim.seed, ['dt', 'steps', 'render', 'groups']); // by the run's other numbers
  const shown = shownName(sim.scenario), name = shown.endsWith('.json') ? shown : `${shown}.json`;
  const tuned = sim.tuning.size - left.length;
  const error = `export: ${name}, ${tuned ? `${figure(tuned)} tuned ${plural(tuned, 'value')} in it` : 'as the file has it'}` +
    (left.length ? `; not in it: ${left.join('; ')}` : '');
  return { ok: true, name, text: `${pretty(doc)}\n`, error, left };
}

// JSON as the scenario files are written: a value that fits on a line on
// one line (`{"min": [-60, -45], "max": [60, 45]}`), else one member or
// element a line, numbers packed several to a line.
const WIDTH = 100;
function inline(v) {
  if (Array.isArray(v)) return `[${v.map(inline).join(', ')}]`;
  if (v && typeof v === 'object') return `{${Object.entries(v).map(([k, x]) => `${JSON.stringify(k)}: ${inline(x)}`).join(', ')}}`;
  return JSON.stringify(v) ?? 'null';
}
function pretty(v, pad = '', lead = 0) {
  const one = inline(v);
  if (!v || typeof v !== 'object' || (pad && pad.length + lead + one.length <= WIDTH)) return one;
  const inner = `${pad}  `;
  if (Array.isArray(v) && v.every((x) => !x || typeof x !== 'object')) {
    const lines = [''];
    for (const x of v.map(inline)) {
      if (lines.at(-1) && inner.length + lines.at(-1).length + x.length + 2 > WIDTH) lines.push('');
      lines[lines.length - 1] += `${lines.at(-1) ? ' ' : ''}${x},`;
    }
    return `[\n${lines.map((l) => inner + l).join('\n').slice(0, -1)}\n${pad}]`;
  }
  const items = Array.isArray(v) ? v.map((x) => inner + pretty(x, inner))
    : Object.entries(v).map(([k, x]) => `${inner}${JSON.stringify(k)}: ${pretty(x, inner, JSON.stringify(k).length + 2)}`);
  return `${Array.isArray(v) ? '[' : '{'}\n${items.join(',\n')}\n${pad}${Array.isArray(v) ? ']' : '}'}`;
}

function download(name, text) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

// ---- drawing ------------------------------------------------------------------------
const canvas = document.getElementById('view');
const ctx = canvas.getContext('2d');
const camera = { scale: 1, ox: 0, oy: 0, dpr: 1 };

function fitCamera() {
  const dpr = window.devicePixelRatio || 1;
  const w = Math.max(1, Math.round(canvas.clientWidth * dpr)), h = Math.max(1, Math.round(canvas.clientHeight * dpr));
  if (canvas.width !== w || canvas.height !== h) { canvas.width = w; canvas.height = h; }
  const [x0, y0, x1, y1] = sim.bounds;
  const bw = Math.max(x1 - x0, 1e-3), bh = Math.max(y1 - y0, 1e-3);
  camera.dpr = dpr;
  camera.scale = 0.94 * Math.min(w / bw, h / bh);
  camera.ox = w / 2 - ((x0 + x1) / 2) * camera.scale;
  camera.oy = h / 2 + ((y0 + y1) / 2) * camera.scale;
}
const sx = (x) => camera.ox + x * camera.scale;
const sy = (y) => camera.oy - y * camera.scale;
// Pointer and page coordinates map through the camera the next frame will
// draw with (the canvas may have been resized or the world loaded since the
// last one), so a click right after a load lands where the page shows it.
const toWorld = (cx, cy) => {
  fitCamera();
  return [(cx * camera.dpr - camera.ox) / camera.scale, (camera.oy - cy * camera.dpr) / camera.scale];
};

const cssCache = new Map();
const css = (c) => { let s = cssCache.get(c); if (!s) cssCache.set(c, (s = colourCss(c))); return s; };

// The agents are painted by the module into a clear RGBA image: a canvas
// without a GPU (headless, or a software fallback) fills paths far too
// slowly. It is laid over what is drawn beneath them (through a canvas of
// its own: putImageData would replace the ground, not cover it).
const agentLayer = document.createElement('canvas');
const agentCtx = agentLayer.getContext('2d');
function drawAgents() {
  const w = canvas.width, h = canvas.height;
  const ptr = wasm.pg_raster(w, h, camera.scale, camera.ox, camera.oy);
  if (!ptr) return;
  if (agentLayer.width !== w || agentLayer.height !== h) Object.assign(agentLayer, { width: w, height: h });
  agentCtx.putImageData(new ImageData(new Uint8ClampedArray(wasm.memory.buffer, ptr, 4 * w * h), w, h), 0, 0);
  ctx.drawImage(agentLayer, 0, 0);
}

// A colour with its alpha scaled, and one lighter by `percent`, as steer
// run's canvas.c shades them.
const faded = (c, alpha) => ((c & 0xFFFFFF00) | Math.round((c & 255) * alpha)) >>> 0;
const lighter = (c, percent) => [24, 16, 8].reduce((out, shift) => {
  const ch = (c >>> shift) & 255;
  return (out | ((ch + Math.trunc(((255 - ch) * percent) / 100)) << shift)) >>> 0;
}, c & 255);

const OBSTACLE = 10, WALL = 11, PATH = 12; // pg_draw's kinds for the world's obstacles, walls and paths
function drawOverlays(layers) {
  const n = wasm.pg_draw(layers, ui.overlayAgents());
  if (!n) return;
  const base = wasm.pg_draw_commands() >> 2;
  const u32 = new Uint32Array(wasm.memory.buffer), f32 = new Float32Array(wasm.memory.buffer);
  ctx.lineWidth = Math.max(1, camera.dpr);
  // Cut at the world's border, as the agents are (and its line kept whole):
  // a flow field's arrows start on its grid's nodes, so those on a field's
  // edge along the border point out of the world.
  const [x0, y0, x1, y1] = sim.bounds, pad = ctx.lineWidth;
  ctx.save();
  ctx.beginPath();
  ctx.rect(sx(x0) - pad, sy(y1) - pad, sx(x1) - sx(x0) + 2 * pad, sy(y0) - sy(y1) + 2 * pad);
  ctx.clip();
  let i = 0;
  while (i < n) {
    const kind = u32[base + 6 * i], colour = u32[base + 6 * i + 1];
    ctx.beginPath();
    let j = i;
    for (; j < n && u32[base + 6 * j] === kind && u32[base + 6 * j + 1] === colour; ++j) {
      const a = f32[base + 6 * j + 2], b = f32[base + 6 * j + 3], c = f32[base + 6 * j + 4], d = f32[base + 6 * j + 5];
      if (kind === PATH) { // one path at a time: each has its own corridor's width
        if (d && j > i) break;
        if (d) ctx.moveTo(sx(a), sy(b));
        else ctx.lineTo(sx(a), sy(b));
      } else if (kind === 1 || kind === OBSTACLE) { // circle
        const r = Math.max(c * camera.scale, 0.5);
        ctx.moveTo(sx(a) + r, sy(b));
        ctx.arc(sx(a), sy(b), r, 0, 2 * Math.PI);
      } else if (kind === 3) { // point
        const r = Math.max(c, 1.5) * camera.dpr;
        ctx.rect(sx(a) - r / 2, sy(b) - r / 2, r, r);
      } else { // segment or arrow
        const x0 = sx(a), y0 = sy(b), x1 = sx(c), y1 = sy(d);
        ctx.moveTo(x0, y0);
        ctx.lineTo(x1, y1);
        if (kind === 4) {
          const l = Math.hypot(x1 - x0, y1 - y0), hx = (x1 - x0) / (l || 1), hy = (y1 - y0) / (l || 1);
          const k = Math.min(5 * camera.dpr, l * 0.4);
          ctx.moveTo(x1 - hx * k - hy * k * 0.5, y1 - hy * k + hx * k * 0.5);
          ctx.lineTo(x1, y1);
          ctx.lineTo(x1 - hx * k + hy * k * 0.5, y1 - hy * k - hx * k * 0.5);
        }
      }
    }
    if (kind === PATH) { // a corridor of the path's radius round a dashed centre line
      if (f32[base + 6 * i + 5] === 2) ctx.closePath();
      Object.assign(ctx, { lineJoin: 'round', lineCap: 'round' });
      ctx.strokeStyle = css(faded(colour, 0.35));
      ctx.lineWidth = Math.max(2 * camera.dpr, 2 * f32[base + 6 * i + 4] * camera.scale);
      ctx.stroke();
      ctx.strokeStyle = css(colour);
      ctx.lineWidth = camera.dpr;
      ctx.setLineDash([6 * camera.dpr, 5 * camera.dpr]);
      ctx.stroke();
      ctx.setLineDash([]);
      Object.assign(ctx, { lineJoin: 'miter', lineCap: 'butt' });
    } else if (kind === OBSTACLE) { // filled, with a lighter rim
      ctx.fillStyle = css((colour | 255) >>> 0);
      ctx.fill();
      ctx.strokeStyle = css(lighter((colour | 255) >>> 0, 35));
      ctx.lineWidth = 1.5 * camera.dpr;
      ctx.stroke();
      ctx.lineWidth = Math.max(1, camera.dpr);
    } else if (kind === WALL) {
      ctx.strokeStyle = css(colour);
      ctx.lineWidth = Math.max(2 * camera.dpr, 0.2 * camera.scale);
      ctx.lineCap = 'round';
      ctx.stroke();
      ctx.lineCap = 'butt';
      ctx.lineWidth = Math.max(1, camera.dpr);
    } else if (kind === 3) { ctx.fillStyle = css(colour); ctx.fill(); }
    else if (kind === 1 && (colour & 255) === 255) { ctx.fillStyle = css((colour & 0xFFFFFF00) | 0x60); ctx.fill(); ctx.strokeStyle = css(colour); ctx.stroke(); }
    else { ctx.strokeStyle = css(colour); ctx.stroke(); }
    i = j;
  }
  ctx.restore();
}

// What steer run marks beneath the agents (tools/render/canvas.c), by the
// same rules (pg_marks, from tools/scenario/scenario_marks.c), each in its
// group's colour: beneath the obstacles, the pens (a thin outline), the
// goals' route legs (a thin line) and places (a small dot); over them the
// seek/arrive targets (a ring with a dot) and flee threats (a cross, in a
// faint dashed circle of their panic distance), as large as steer run's
// marks in a picture of the world's height. The target a click set (every
// group's) is marked by the click's crosshair instead.
const MARK_TARGET = 5, MARK_THREAT = 6, MARK_PEN = 7, MARK_ROUTE = 8, MARK_PLACE = 9; // pg_marks' kinds
const markStroke = (colour, width) => { ctx.strokeStyle = css(colour); ctx.lineWidth = width; ctx.stroke(); };
const markFill = (colour) => { ctx.fillStyle = css(colour); ctx.fill(); };

// Draws the marks beneath the obstacles and returns the targets and threats
// ([kind, colour, x, y, panic]) for drawTargets, so the marks (a crowd's
// places among them) are read from the module once a frame.
function drawMarksBeneath() {
  const over = [];
  const n = wasm.pg_marks();
  if (!n) return over;
  const base = wasm.pg_draw_commands() >> 2;
  const u32 = new Uint32Array(wasm.memory.buffer), f32 = new Float32Array(wasm.memory.buffer);
  const d = camera.dpr;
  for (let i = 0; i < n; ++i) {
    const kind = u32[base + 6 * i], colour = (u32[base + 6 * i + 1] | 255) >>> 0;
    const a = f32[base + 6 * i + 2], b = f32[base + 6 * i + 3], c = f32[base + 6 * i + 4], e = f32[base + 6 * i + 5];
    if (kind === MARK_TARGET || kind === MARK_THREAT) {
      over.push([kind, colour, a, b, c]);
      continue;
    }
    const x = sx(a), y = sy(b);
    ctx.beginPath();
    if (kind === MARK_PEN) { // on pixel centres: a crisp line
      const x0 = Math.floor(Math.min(x, sx(c))) + 0.5, y0 = Math.floor(Math.min(y, sy(e))) + 0.5;
      const x1 = Math.floor(Math.max(x, sx(c))) + 0.5, y1 = Math.floor(Math.max(y, sy(e))) + 0.5;
      ctx.rect(x0, y0, x1 - x0, y1 - y0);
      markStroke(faded(colour, 0.45), d);
    } else if (kind === MARK_ROUTE) {
      ctx.moveTo(x, y);
      ctx.lineTo(sx(c), sy(e));
      ctx.lineCap = 'round';
      markStroke(faded(colour, 0.45), d);
      ctx.lineCap = 'butt';
    } else if (kind === MARK_PLACE) { // a crowd's places in short paths of one colour (as drawSelection's)
      let j = i;
      for (; j < n && j < i + 256 && u32[base + 6 * j] === kind && u32[base + 6 * j + 1] === u32[base + 6 * i + 1]; ++j) {
        const px = sx(f32[base + 6 * j + 2]), py = sy(f32[base + 6 * j + 3]);
        ctx.moveTo(px + 1.5 * d, py);
        ctx.arc(px, py, 1.5 * d, 0, 2 * Math.PI);
      }
      markFill(faded(colour, 0.6));
      i = j - 1;
    }
  }
  return over;
}

function drawTargets(over) {
  const d = camera.dpr, font = Math.max(9, Math.min(16, canvas.clientHeight / 40)), r = Math.max(4, 0.6 * font) * d;
  for (const [kind, colour, a, b, panic] of over) {
    if (kind === MARK_TARGET && sim.target && a === sim.target[0] && b === sim.target[1]) continue;
    const x = sx(a), y = sy(b);
    ctx.beginPath();
    if (kind === MARK_TARGET) {
      ctx.arc(x, y, r, 0, 2 * Math.PI);
      markStroke(colour, 1.5 * d);
      ctx.beginPath();
      ctx.arc(x, y, 1.5 * d, 0, 2 * Math.PI);
      markFill(colour);
    } else {
      ctx.moveTo(x - r, y - r); ctx.lineTo(x + r, y + r);
      ctx.moveTo(x - r, y + r); ctx.lineTo(x + r, y - r);
      markStroke(colour, 1.5 * d);
      if (panic * camera.scale > r) { // a distance, not a wall: dashed
        ctx.beginPath();
        ctx.arc(x, y, panic * camera.scale, 0, 2 * Math.PI);
        ctx.setLineDash([4 * d, 4 * d]);
        markStroke(faded(colour, 0.35), d);
        ctx.setLineDash([]);
      }
    }
  }
}

// The RTS gesture: the box being dragged, a ring round each selected agent,
// and a small diamond on the slot of each one still on its way.
function drawSelection() {
  const d = camera.dpr;
  if (mouse.box) {
    const { x0, y0, x1, y1 } = mouse.box;
    ctx.fillStyle = 'rgba(94,184,255,0.12)';
    ctx.strokeStyle = 'rgba(94,184,255,0.9)';
    ctx.lineWidth = d;
    ctx.fillRect(Math.min(x0, x1) * d, Math.min(y0, y1) * d, Math.abs(x1 - x0) * d, Math.abs(y1 - y0) * d);
    ctx.strokeRect(Math.min(x0, x1) * d + 0.5, Math.min(y0, y1) * d + 0.5, Math.abs(x1 - x0) * d, Math.abs(y1 - y0) * d);
  }
  const rows = orders();
  if (!rows.length) return;
  // Short paths: a canvas without a GPU fills one long path in time that
  // grows faster than its length.
  const BATCH = 256;
  // Each ring stands clear of its agent's body (the dart inside the body
  // radius, or a dot of at most 2 pixels), a gap outside it: the agent's own
  // colour, its group's, shows whole inside the ring, so a selection of two
  // squads still tells them apart. A thin white line, a colour no group has.
  const line = d, gap = 1.5 * d;
  ctx.lineWidth = line;
  ctx.strokeStyle = 'rgba(255,255,255,0.65)';
  ctx.beginPath();
  for (let k = 0, n = 0; k < rows.length; k += ORDER_FIELDS) {
    const x = sx(rows[k]), y = sy(rows[k + 1]), r = Math.max(rows[k + 4] * camera.scale, 2) + gap + line / 2;
    if (r > 4 * d) { ctx.moveTo(x + r, y); ctx.arc(x, y, r, 0, 2 * Math.PI); }
    else ctx.rect(x - r, y - r, 2 * r, 2 * r); // a ring of a few pixels: a square is as clear, and cheaper
    if (++n % BATCH === 0) { ctx.stroke(); ctx.beginPath(); }
  }
  ctx.stroke();
  ctx.fillStyle = 'rgba(255,209,102,0.95)';
  ctx.beginPath();
  for (let k = 0, n = 0; k < rows.length; k += ORDER_FIELDS) {
    if (rows[k + 5] !== GOING) continue;
    const x = sx(rows[k + 2]), y = sy(rows[k + 3]), m = 2.5 * d;
    ctx.moveTo(x, y - m); ctx.lineTo(x + m, y); ctx.lineTo(x, y + m); ctx.lineTo(x - m, y); ctx.closePath();
    if (++n % BATCH === 0) { ctx.fill(); ctx.beginPath(); }
  }
  ctx.fill();
}

function drawMarks() {
  const d = camera.dpr;
  if (sim.target) {
    const x = sx(sim.target[0]), y = sy(sim.target[1]);
    ctx.strokeStyle = '#ffd166';
    ctx.lineWidth = 1.5 * d;
    ctx.beginPath();
    ctx.arc(x, y, 7 * d, 0, 2 * Math.PI);
    ctx.moveTo(x - 11 * d, y); ctx.lineTo(x - 3 * d, y); ctx.moveTo(x + 3 * d, y); ctx.lineTo(x + 11 * d, y);
    ctx.moveTo(x, y - 11 * d); ctx.lineTo(x, y - 3 * d); ctx.moveTo(x, y + 3 * d); ctx.lineTo(x, y + 11 * d);
    ctx.stroke();
  }
  if (mouse.path && mouse.path.length > 1) {
    ctx.strokeStyle = 'rgba(208,160,32,0.9)';
    ctx.lineWidth = 2 * d;
    ctx.setLineDash([6 * d, 4 * d]);
    ctx.beginPath();
    mouse.path.forEach(([x, y], k) => (k ? ctx.lineTo(sx(x), sy(y)) : ctx.moveTo(sx(x), sy(y))));
    ctx.stroke();
    ctx.setLineDash([]);
  }
}

// In steer run's order: the ground and what marks it, then what stands on
// it, the agents, and over them the overlays and the gestures.
function render() {
  fitCamera();
  sim.agents = wasm.pg_view();
  ctx.fillStyle = css((wasm.pg_background() | 255) >>> 0);
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  const layers = ui.layers() | LAYER_ALWAYS;
  drawOverlays(layers & LAYER_GROUND);
  const targets = drawMarksBeneath();
  drawOverlays(layers & LAYER_ALWAYS);
  drawTargets(targets);
  drawAgents();
  drawOverlays(layers & LAYER_OVER);
  drawSelection();
  drawMarks();
}

// ---- the frame loop ------------------------------------------------------------------
// The hash shown is worked out every 30 frames while the world runs (it reads
// every agent), and at once for a new world or a step taken while paused, so
// a paused readout's hash is always the one of the steps it shows.
// The speed: 0 takes a step a frame (as fast as the display draws: the
// world's time then runs at the refresh rate times its step); a factor steps
// it by the time that passed since the last frame times the factor, at most
// MAX_FRAME_STEPS steps a frame (a slower machine or a larger factor falls
// behind, and the time owed is dropped rather than caught up in a burst).
const MAX_FRAME_STEPS = 20;
let lastFrame = 0, frames = 0, hashShown = '', hashAge = 0, hashStep = -1;
function frame(now) {
  const elapsed = lastFrame ? Math.min(now - lastFrame, 250) / 1000 : 0;
  if (lastFrame) {
    const fps = 1000 / Math.max(now - lastFrame, 1);
    sim.fps = sim.fps ? sim.fps * 0.95 + fps * 0.05 : fps;
  }
  lastFrame = now;
  let stepped = 0;
  if (!sim.paused && sim.running) {
    const dt = wasm.pg_dt();
    if (!(sim.speed > 0) || !(dt > 0)) stepped = 1;
    else {
      sim.owed += elapsed * sim.speed;
      stepped = Math.floor(sim.owed / dt);
      if (stepped > MAX_FRAME_STEPS) stepped = MAX_FRAME_STEPS, sim.owed = 0;
      else sim.owed -= stepped * dt;
    }
    if (stepped) stepWorld(stepped);
  }
  // the world's seconds a second of the page's, as it runs
  if (elapsed > 0) sim.rate = sim.rate * 0.9 + (stepped * wasm.pg_dt() / elapsed) * 0.1;
  render();
  const steps = wasm.pg_step_count();
  if (++hashAge >= 30 || !hashShown || (sim.paused && steps !== hashStep)) {
    hashShown = cstr(wasm.pg_hash());
    hashAge = 0;
    hashStep = steps;
  }
  ui.hud(hashShown);
  ++frames;
  requestAnimationFrame(frame);
}

// ---- the mouse -------------------------------------------------------------------------
// As in a real-time strategy game: drag a box to select, or click an agent
// to select it alone, and right-click to send the selection there; a click
// on the ground clears the selection. With nothing selected, a click on the
// ground sets every group's target (the flocks' gesture). With shift, a
// click drops an obstacle and a drag draws a path. A finger has no right
// button: its tap sends the selection when there is one (a drag over no
// agent clears it), and sets the target when there is none. Nor has it a
// shift key: the draw button (or d) holds shift down until pressed again.
const DRAG = 8; // CSS pixels the pointer moves before a press is a drag
// CSS pixels round an agent's centre that a click still hits it by: a dot is
// a pixel or two; more would cover much of a dense flock's ground.
const SLACK = 3;
const mouse = { down: null, path: null, box: null };
canvas.addEventListener('contextmenu', (ev) => ev.preventDefault());
canvas.addEventListener('pointerdown', (ev) => {
  if (ev.button === 2) {
    const [x, y] = toWorld(ev.offsetX, ev.offsetY);
    sendSelected(x, y);
    return;
  }
  if (ev.button !== 0) return;
  canvas.setPointerCapture(ev.pointerId);
  mouse.down = { x: ev.offsetX, y: ev.offsetY, shift: ev.shiftKey || ui.drawing };
  mouse.path = null;
  mouse.box = null;
});
canvas.addEventListener('pointermove', (ev) => {
  if (!mouse.down) return;
  const moved = Math.hypot(ev.offsetX - mouse.down.x, ev.offsetY - mouse.down.y);
  if (!mouse.path && !mouse.box && moved > DRAG) {
    if (mouse.down.shift) mouse.path = [toWorld(mouse.down.x, mouse.down.y)];
    else mouse.box = { x0: mouse.down.x, y0: mouse.down.y };
  }
  if (mouse.box) Object.assign(mouse.box, { x1: ev.offsetX, y1: ev.offsetY });
  if (mouse.path) {
    const p = toWorld(ev.offsetX, ev.offsetY), last = mouse.path[mouse.path.length - 1];
    if (Math.hypot(p[0] - last[0], p[1] - last[1]) * camera.scale > 10 * camera.dpr) mouse.path.push(p);
  }
});
canvas.addEventListener('pointerup', (ev) => {
  if (!mouse.down) return;
  const { shift } = mouse.down;
  const { path, box } = mouse;
  Object.assign(mouse, { down: null, path: null, box: null });
  const viewWidth = sim.bounds[2] - sim.bounds[0];
  if (box) {
    selectBox(toWorld(box.x0, box.y0), toWorld(ev.offsetX, ev.offsetY));
  } else if (path && path.length >= 2) {
    const first = path[0], last = path[path.length - 1];
    const closed = path.length > 3 && Math.hypot(first[0] - last[0], first[1] - last[1]) < viewWidth * 0.05;
    addPath(path, closed, Math.max(0.5, viewWidth * 0.015));
  } else if (!path) {
    const [x, y] = toWorld(ev.offsetX, ev.offsetY);
    if (shift) addObstacle(x, y, Math.max(0.5, viewWidth * 0.03));
    else if (ev.pointerType !== 'touch') clickAt(x, y);
    else if (wasm.pg_selected_count() > 0) sendSelected(x, y);
    else setTarget(x, y);
  }
});
// The browser took the pointer (a system gesture, the page scrolled): no
// press is left half done, and no box is left drawn.
canvas.addEventListener('pointercancel', () => Object.assign(mouse, { down: null, path: null, box: null }));

// The selected agents as pg_orders reports them now: ORDER_FIELDS floats each.
function orders() {
  const n = wasm.pg_selected_count();
  return n ? new Float32Array(wasm.memory.buffer, wasm.pg_orders(), n * ORDER_FIELDS) : new Float32Array(0);
}
// A plain click: on an agent's drawn body (or a few pixels from its centre)
// it selects that agent alone; on the ground it clears the selection and
// gives no order, so a stray click never sends nor releases anyone; on the
// ground with nothing selected it sets every group's target.
function clickAt(x, y) {
  const r = call(wasm.pg_select_at, x, y, camera.scale, SLACK * camera.dpr);
  if (r < 0) sim.error = `select: ${why(r)}`;
  else if (r > 0) sim.error = 'select: 1 agent (right-click sends it; a click on the ground or Esc deselects)';
  else if (wasm.pg_selected_count() > 0) {
    clearSelection();
    sim.error = 'select: cleared (a click on the ground with nothing selected sets every group\'s target)';
  } else setTarget(x, y);
  return r;
}
function selectBox([x0, y0], [x1, y1]) {
  const r = call(wasm.pg_select_box, x0, y0, x1, y1);
  sim.error = r < 0 ? `select: ${why(r)}` : '';
  return r;
}
// Steering walks straight: a wall between an agent and its place holds it
// there, as its group's contain box holds it in, so the page says so at
// once rather than leave the squad pressing; so does an order with too
// little room about the click for every agent sent.
// An order seats at most MAX_ORDER agents (steer_world_places_around's
// count). Who takes which place is the least sum of squared distances,
// which takes a few tenths of a second for a couple of thousand and
// seconds for the largest orders (the standard flock of 5,000, 3,818
// selected and sent near its edge, where most places are points passed
// over: 6.3 s in headless Chromium on a 2-core AMD EPYC). So an order of
// more than SEND_AT_ONCE has its choice made in a worker, on the positions
// at the click (assign_worker.js: steer_assign_places, the choice the world
// would make), while the world runs on; the order is then sent as chosen
// (steer_world_send_assigned), and the agents that moved meanwhile trade
// places on the way. A later order, a target for every group, or another
// world drops one still being chosen. Without workers (or once the worker
// has failed) the page waits for it, as for a small one.
const MAX_ORDER = 4096, SEND_AT_ONCE = 1000;
let assigner; // the order worker: undefined until the first large order, false if it cannot run
let orderToken = 0; // the latest order; an answer for an earlier one is dropped
// the order being chosen; answers dropped; for the tests' hook, answers held back (held: an array) until released
const pending = { count: 0, dropped: 0, held: null };

function orderWorker() {
  if (assigner !== undefined) return assigner;
  try {
    assigner = new Worker(new URL('assign_worker.js', import.meta.url), { type: 'module' });
    assigner.onmessage = ({ data }) => (pending.held ? pending.held.push(data) : chosen(data));
    assigner.onerror = (ev) => {
      ev.preventDefault?.();
      workerFailed(ev.message || 'it did not start');
    };
    assigner.postMessage({ module: wasmModule });
  } catch {
    assigner = false;
  }
  return assigner;
}

// An order still being chosen is dropped: its answer, when it comes, is not sent.
function dropOrder() {
  ++orderToken;
  pending.count = 0;
}

function sendSelected(x, y) {
  const n = wasm.pg_selected_count();
  if (n > MAX_ORDER) {
    sim.error = `send: ${figure(n)} selected: an order seats at most ${figure(MAX_ORDER)} agents; select fewer, or send them in parts`;
    return 0;
  }
  dropOrder(); // a new order drops one still being chosen
  const worker = n > SEND_AT_ONCE ? orderWorker() : false;
  if (!worker) {
    if (n <= SEND_AT_ONCE) return sendNow(x, y);
    sim.error = `send: assigning ${figure(n)} agents to their places (the page waits for it: seconds for thousands)`;
    requestAnimationFrame(() => setTimeout(() => sendNow(x, y), 0));
    return n;
  }
  const count = call(wasm.pg_order_begin, x, y);
  if (count <= 0) return reportSent(count);
  const from = new Float32Array(wasm.memory.buffer, wasm.pg_order_from(), 3 * count).slice();
  const places = new Float32Array(wasm.memory.buffer, wasm.pg_order_places(), 3 * count).slice();
  worker.postMessage({ token: orderToken, from, places, count, dim: wasm.pg_order_dim() }, [from.buffer, places.buffer]);
  pending.count = count;
  sim.error = `send: choosing places for ${figure(count)} agents (the world runs on meanwhile)`;
  return count;
}

// The worker cannot choose: it is let go, and orders are chosen in this
// thread from now on, beginning with the one it was given (still held by
// pg_order_begin unless a later order or another world dropped it).
function workerFailed(why, current = pending.count > 0) {
  if (assigner) assigner.terminate();
  assigner = false;
  const note = `send: the order worker failed (${why}): chosen in this thread, as from now on`;
  if (!current) {
    sim.error = note;
    return;
  }
  pending.count = 0;
  const r = reportSent(call(wasm.pg_order_send, 0));
  if (r > 0) sim.error = sim.error ? `${note}; ${sim.error.replace(/^send: /, '')}` : note;
}

// The worker's answer: sent as chosen, unless a later order or another world
// came since.
function chosen({ token, result, placeOf, failed }) {
  if (failed !== undefined) {
    workerFailed(failed, token === orderToken && pending.count > 0);
    if (token !== orderToken) ++pending.dropped;
    return;
  }
  if (token !== orderToken) {
    ++pending.dropped;
    return;
  }
  pending.count = 0;
  if (result < 0 || !placeOf) {
    sim.error = `send: ${cstr(wasm.pg_result_string(result))}`;
    return;
  }
  const p = wasm.pg_alloc(4 * placeOf.length);
  if (!p) {
    sim.error = 'send: out of memory';
    return;
  }
  try {
    new Int32Array(wasm.memory.buffer, p, placeOf.length).set(placeOf);
    reportSent(call(wasm.pg_order_send, p));
  } finally {
    wasm.pg_free(p);
  }
}

function sendNow(x, y) {
  return reportSent(call(wasm.pg_send_selected, x, y));
}

// What an order's send says: why nothing went, or which agents will not get
// there by steering alone.
function reportSent(r) {
  if (r === 0) { // a right-click that does nothing says why
    sim.error = 'send: nothing selected (drag a box round agents, or click one)';
    return r;
  }
  const walled = r > 0 ? wasm.pg_sent_walled() : 0, penned = r > 0 ? wasm.pg_sent_penned() : 0;
  const crammed = r > 0 ? wasm.pg_sent_crammed() : 0;
  const held = [
    walled && `${figure(walled)} of ${figure(r)} have a wall between them and that place (no path-finding: send them round it in steps)`,
    penned && `${figure(penned)} of ${figure(r)} are sent out of their group's contain box, which holds them in (turn contain down)`,
    crammed && `${figure(crammed)} of ${figure(r)} found no open place near there (rocks, walls, other units or the edge in the way): their places are in or by them; click somewhere more open`,
  ].filter(Boolean);
  sim.error = r < 0 ? `send: ${why(r)}` : held.length ? `send: ${held.join('; ')}` : '';
  return r;
}
function clearSelection() { wasm.pg_select_clear(); }

// The target goes inside a bounded world's box (a click in the margin round
// it too): sim.target is where it went, as the world has it. It releases
// every agent's own goal (a right-click's orders, the scenario's): never
// silently.
function setTarget(x, y) {
  const goals = wasm.pg_goal_count();
  const r = call(wasm.pg_set_target, x, y);
  sim.error = r ? `target: ${why(r)}` : '';
  // an order still being chosen would send its agents off the target after it
  const choosing = r ? 0 : pending.count;
  if (!r) dropOrder();
  if (!r) sim.target = [wasm.pg_group_target(0, 0), wasm.pg_group_target(0, 1)];
  const dropped = choosing ? `; the order of ${figure(choosing)} being chosen dropped` : '';
  if (!r && (goals || choosing)) sim.error = `target: every group goes to (${figure(sim.target[0], 1)}, ${figure(sim.target[1], 1)})` +
    (goals ? `; ${figure(goals)} ${plural(goals, "agent's own goal", "agents' own goals")} released` : '') + dropped;
  ui.refreshParams();
  return r;
}
function addObstacle(x, y, radius) {
  const r = call(wasm.pg_add_obstacle, x, y, radius);
  sim.error = r < 0 ? `obstacle: ${why(r)}` : '';
  ui.refreshParams();
  return r;
}
function addPath(points, closed, radius) {
  const p = wasm.pg_alloc(8 * points.length);
  new Float32Array(wasm.memory.buffer, p, 2 * points.length).set(points.flat());
  const r = call(wasm.pg_add_path, p, points.length, closed ? 1 : 0, radius);
  wasm.pg_free(p);
  sim.error = r < 0 ? `path: ${why(r)}` : '';
  sim.paths = wasm.pg_drawn_paths();
  ui.refreshParams();
  return r;
}

// ---- the controls ------------------------------------------------------------------------
const $ = (id) => document.getElementById(id);
const ui = {
  group: 0,
  drawing: false, // the draw button: clicks and drags as with shift held

  setDrawing(on) {
    this.drawing = on;
    $('draw').setAttribute('aria-pressed', String(on));
  },
  layers: () => [...document.querySelectorAll('#layers input')].reduce((m, c) => m | (c.checked ? +c.dataset.layer : 0), 0),
  overlayCount: 150, // the last valid "for N agents"
  overlayAgents() { return this.overlayCount; },

  // The message under a field ('seed', 'agents', 'overlay-agents', 'file'):
  // an error marks the field invalid; a note only informs.
  message(field, text, note = false) {
    const box = $(`${field}-message`);
    box.textContent = text;
    box.classList.toggle('note', note);
    $(field)?.setAttribute('aria-invalid', String(Boolean(text) && !note));
  },

  // The description shows three lines; a click, a tap or Enter shows it all
  // (a tooltip would not reach a finger) and folds it again.
  openAbout(open) {
    $('about').classList.toggle('open', open);
    $('about').setAttribute('aria-expanded', String(open));
  },

  init() {
    const about = $('about');
    about.addEventListener('click', () => this.openAbout(!about.classList.contains('open')));
    about.addEventListener('keydown', (ev) => {
      if (ev.key !== 'Enter' && ev.key !== ' ') return;
      ev.preventDefault();
      this.openAbout(!about.classList.contains('open'));
    });
    const pick = $('scenario');
    for (const name of scenarioNames) pick.add(new Option(name, name));
    pick.add(new Option(STANDARD_LABEL, STANDARD));
    pick.value = sim.scenario;
    pick.addEventListener('change', async () => {
      this.message('seed', '');
      this.message('agents', '');
      const r = await load(pick.value === STANDARD ? { scenario: STANDARD, seed: 1, agents: 2000 } : { scenario: pick.value });
      if (!r.ok && !r.superseded) pick.value = sim.scenario;
    });
    $('reset').addEventListener('click', () => load({ scenario: sim.scenario, seed: $('seed').value, agents: $('agents').value }));
    $('speed').addEventListener('change', (ev) => { sim.speed = +ev.target.value; sim.owed = 0; });
    $('defaults').addEventListener('click', () =>
      load({ scenario: sim.scenario, seed: $('seed').value, agents: $('agents').value, fresh: true }));
    $('export').addEventListener('click', () => {
      const r = exportScenario();
      if (r.ok) download(r.name, r.text);
      sim.error = r.error;
    });
    // A seed or a count typed and entered (Enter, or leaving the box) resets
    // the world with both, as the reset button does.
    $('seed').addEventListener('change', () => $('reset').click());
    $('overlay-agents').addEventListener('change', (ev) => {
      const { value, error } = wholeNumber('for', ev.target.value, 1, 5000);
      if (!error) this.overlayCount = value;
      $('overlay-agents-unit').textContent = plural(this.overlayCount, 'agent'); // "for 1 agent"
      this.message('overlay-agents', error ?? '');
    });
    $('open').addEventListener('click', () => $('file').click());
    $('file').addEventListener('change', (ev) => {
      const file = ev.target.files[0];
      ev.target.value = ''; // the same file again is a change too
      if (file) openFile(file);
    });
    const stage = $('stage');
    stage.addEventListener('dragover', (ev) => { ev.preventDefault(); stage.classList.add('dropping'); });
    stage.addEventListener('dragleave', () => stage.classList.remove('dropping'));
    stage.addEventListener('drop', (ev) => {
      ev.preventDefault();
      stage.classList.remove('dropping');
      const file = ev.dataTransfer?.files[0];
      if (file) openFile(file);
    });
    $('pause').addEventListener('click', () => (sim.paused ? hook.run() : hook.pause()));
    $('step').addEventListener('click', () => { hook.pause(); stepWorld(1); });
    $('draw').addEventListener('click', () => this.setDrawing(!this.drawing));
    $('clear').addEventListener('click', () => { wasm.pg_clear_drawn(); sim.paths = wasm.pg_drawn_paths(); ui.refreshParams(); });
    const range = $('agents-range'), number = $('agents');
    const fromRange = (v) => Math.round(10 ** (1 + (4 * v) / 1000)); // 10 .. 100000, log scale
    const toRange = (n) => Math.round(((Math.log10(Math.max(n, 1)) - 1) * 1000) / 4);
    range.addEventListener('input', () => { number.value = fromRange(+range.value); });
    range.addEventListener('change', () => $('reset').click());
    number.addEventListener('change', () => $('reset').click());
    this.syncAgents = (n) => { number.value = n; range.value = toRange(n); };
    $('group').addEventListener('change', (ev) => { this.group = +ev.target.value; this.refreshParams(); });
    $('combine').addEventListener('change', (ev) => {
      if (setCombine(this.group, +ev.target.value)) ev.target.value = wasm.pg_group_combine(this.group);
    });
    // The keys: space pauses, s steps, Esc deselects. A text field keeps
    // every key. A control reached with Tab keeps the keys it uses (space
    // toggles a checkbox, presses a button, opens a section; a list takes
    // letters to pick by name); one the mouse pressed gives them back to the
    // page, so s after picking a scenario with the mouse steps it (rather than
    // picking the list's next name with an s) and space pauses.
    let pointerDown = false, pointerFocus = false;
    window.addEventListener('pointerdown', (ev) => {
      pointerDown = true;
      if (document.activeElement?.contains(ev.target)) pointerFocus = true; // pressed where the focus was
    }, true);
    window.addEventListener('focusin', () => { pointerFocus = pointerDown; pointerDown = false; }, true);
    window.addEventListener('keydown', (ev) => {
      const t = ev.target;
      pointerDown = false; // a focus that a key moves (Tab) is the keyboard's
      if (t instanceof HTMLTextAreaElement || t.isContentEditable ||
        (t instanceof HTMLInputElement && t.type !== 'range' && t.type !== 'checkbox')) return;
      const plain = !ev.ctrlKey && !ev.metaKey && !ev.altKey;
      const space = ev.code === 'Space', step = ev.key === 's' && plain;
      if (ev.key === 'd' && plain && !(t instanceof HTMLSelectElement)) this.setDrawing(!this.drawing);
      const owns = !pointerFocus && (t instanceof HTMLSelectElement || (space && (t instanceof HTMLButtonElement ||
        (t instanceof HTMLInputElement && t.type === 'checkbox') || t.localName === 'summary')));
      if (ev.key === 'Escape') clearSelection();
      if (owns || !(space || step)) return;
      ev.preventDefault(); // no pick by letter in a list, no scrolling
      if (t !== document.body) t.blur?.(); // a focused button would click itself on keyup as well
      $(space ? 'pause' : 'step').click();
    });
  },

  refresh() {
    const pick = $('scenario');
    if (![...pick.options].some((o) => o.value === sim.scenario)) // a file: listed before the benchmark
      pick.add(new Option(shownName(sim.scenario), sim.scenario), pick.options[pick.length - 1]);
    pick.value = sim.scenario;
    if ($('about').textContent !== sim.about) this.openAbout(false); // a new scenario's starts folded
    $('about').textContent = sim.about;
    $('seed').value = sim.seed;
    this.syncAgents(sim.agents);
    const g = $('group');
    g.length = 0;
    sim.groupNames.forEach((name, i) => g.add(new Option(`${i}: ${name}`, i)));
    this.group = 0;
    this.refreshParams();
    this.refreshPause();
  },

  refreshPause() {
    $('pause').textContent = sim.paused ? 'run' : 'pause';
    $('pause').classList.toggle('on', sim.paused);
  },

  // One slider per table entry, grouped by section.
  refreshParams() {
    const box = $('params');
    const open = new Set([...box.querySelectorAll('details[open]')].map((d) => d.dataset.section));
    box.textContent = '';
    if (!wasm.pg_group_count()) return;
    $('combine').value = wasm.pg_group_combine(this.group);
    const sections = new Map();
    for (const p of params) {
      if (!sections.has(p.section)) {
        const d = document.createElement('details');
        d.dataset.section = p.section;
        d.open = open.size ? open.has(p.section) : p.section !== 'radii';
        d.append(Object.assign(document.createElement('summary'), { textContent: p.section }));
        sections.set(p.section, d);
        box.append(d);
      }
      const value = wasm.pg_param_get(this.group, p.index);
      const row = document.createElement('label');
      row.className = 'slider';
      const name = document.createElement('span');
      name.textContent = p.name.replace(/^weight\./, '').replaceAll('_', ' ');
      name.title = p.name;
      const step = sliderStep(p.max - p.min);
      const input = Object.assign(document.createElement('input'), {
        type: 'range', min: p.min, max: Math.max(p.max, value), step, value,
      });
      input.dataset.param = p.name;
      const out = document.createElement('output');
      out.textContent = sliderFigure(value, step);
      input.addEventListener('input', () => {
        const r = setParam(this.group, p.name, +input.value);
        const now = wasm.pg_param_get(this.group, p.index);
        out.textContent = sliderFigure(now, step);
        if (r) input.value = now;
      });
      row.append(name, input, out);
      sections.get(p.section).append(row);
    }
    this.refreshTuned();
  },

  // What the visitor tuned shows: the name of a tuned slider (and the
  // combine list) in the accent colour, the file's value in its tooltip;
  // defaults is there to press while anything is tuned.
  refreshTuned() {
    const file = sim.file[this.group];
    for (const input of document.querySelectorAll('#params input[data-param]')) {
      const name = input.dataset.param, tuned = sim.tuning.has(tuningKey(this.group, name));
      const row = input.parentElement;
      row.classList.toggle('tuned', tuned);
      const fileValue = file?.values[paramIndex(name)];
      row.firstChild.title = tuned && fileValue !== undefined ?
        `${name}: tuned (the file's ${sliderFigure(fileValue, +input.step)}); reset keeps it, defaults puts the file's back` : name;
    }
    const combine = sim.tuning.has(tuningKey(this.group, 'combine'));
    $('combine').classList.toggle('tuned', combine);
    $('combine').title = combine ? `tuned (the file's ${COMBINES[file?.combine]}); reset keeps it, defaults puts the file's back` : '';
    $('defaults').disabled = sim.tuning.size === 0;
  },

  hud(hash) {
    const steps = wasm.pg_step_count(), selected = wasm.pg_selected_count(), goals = wasm.pg_goal_count();
    // ms/step is '-' until a step of this world is timed (a world just built
    // and paused has none: 0.00 would be a measurement).
    // Each figure in a span that never breaks; a narrow window wraps the bar
    // between them (fps and ms/step padded, so the bar does not wrap and
    // unwrap as their digits come and go) instead of cutting the end off.
    const item = (html, title = '') => `<span class="item"${title && ` title="${title}"`}>${html}</span>`;
    // The items that come and go (paused; the selection's or the goals'
    // counts) keep their room, as wide as the most they can say for this
    // world's agents: the bar wraps alike with and without them, so a pause,
    // a selection or released goals never move the world under the pointer.
    const kept = (html, chars) => `<span class="item kept" style="min-width: ${chars}ch">${html}</span>`;
    const line = (...parts) => parts.map(([value, unit, title]) => item(`<b>${value}</b> ${unit}`, title)).join('   ');
    const figures =
      line([figure(sim.fps).padStart(2), 'fps'], [(sim.msPerStep ? figure(sim.msPerStep, 2) : '-').padStart(5), 'median ms/step',
        `the median of the last ${STEP_TIMES} steps timed (a world's first steps are slower)`],
        [cstr(wasm.pg_kernel()), 'kernel'], [figure(sim.agents), plural(sim.agents, 'agent')],
        [figure(steps), plural(steps, 'step')],
        [figure(steps * wasm.pg_dt(), 1), `s at ${figure(sim.paused ? 0 : sim.rate, 1)}x`,
          'the world\'s time (its steps times the scenario\'s step), and its seconds a second as it runs (the speed box chooses that; at a step a frame it is the display\'s rate times the step)']) +
      `   ${kept(sim.paused ? 'paused' : '', 'paused'.length)}` +
      `   ${kept(selected ? `selected <b>${figure(selected)}</b>, arrived <b>${figure(wasm.pg_selected_arrived())}</b>`
        : goals ? `goals <b>${figure(goals)}</b>, arrived <b>${figure(wasm.pg_goals_arrived())}</b>` : '',
      `selected ${figure(sim.agents)}, arrived ${figure(sim.agents)}`.length)}`;
    const world = [escapeHtml(shownName(sim.scenario)), `seed ${sim.seed}`, `hash ${hash}`].map(item).join(' · ');
    // Two lines, each rewritten only when it changes: the fps change every
    // frame, but a paused world's line stays put, so its hash can be selected
    // (a double-click) and copied.
    const hud = $('hud');
    if (hud.childNodes.length !== 3) hud.replaceChildren(document.createElement('span'), '\n', document.createElement('span'));
    const [top, , bottom] = hud.childNodes;
    for (const [line, html] of [[top, figures], [bottom, world]])
      if (line.shown !== html) { line.innerHTML = html; line.shown = html; }
    if ($('error').textContent !== sim.error) {
      $('error').textContent = sim.error;
      $('error').classList.toggle('info', INFO_LINE.test(sim.error)); // what a gesture did, not a refusal
    }
  },
};
const plural = (n, one, many = `${one}s`) => (n === 1 ? one : many); // "1 agent", "0 agents", "2 agents"
// The status lines that say what a gesture did (drawn dim), not what was refused (drawn in the warning colour).
const INFO_LINE = /^(select: 1 agent|select: cleared|send: assigning|send: choosing places)/;
// Every figure the page shows (the readout's counts, fps and ms per step, a
// slider's value, the spawned count) is written one way: in English digits
// whatever the browser's language, grouped in thousands with a comma, with
// `digits` decimals (2,000 agents, 12,345 steps, 1,024.50 ms/step). The seed
// and the hash are names, not quantities: shown as typed and as the address
// and `steer run` write them. A figure that is not a number says so ("-").
const figureFormats = [];
function figure(value, digits = 0) {
  if (!Number.isFinite(value)) return '-';
  figureFormats[digits] ??= new Intl.NumberFormat('en-US',
    { minimumFractionDigits: digits, maximumFractionDigits: digits, signDisplay: 'negative' });
  return figureFormats[digits].format(value);
}
const escapeHtml = (t) => t.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

// A scenario file from the picker or a drop: parsed here, then checked and
// built by the same C as every other scenario. Its messages are the steer
// command's, prefixed with the file's name.
async function openFile(file) {
  let doc;
  try {
    doc = JSON.parse(await file.text());
  } catch (e) {
    const error = `${file.name}: invalid JSON: ${e.message}`;
    ui.message('file', error);
    return { ok: false, error };
  }
  return load({ scenario: FILE + file.name, document: doc });
}

// ---- the hook -----------------------------------------------------------------------------------
function meanNearestNeighbour(px, py, count) {
  const sample = Math.min(count, 400);
  let total = 0;
  for (let s = 0; s < sample; ++s) {
    const i = Math.floor((s * count) / sample);
    let best = Infinity;
    for (let j = 0; j < count; ++j) {
      if (j === i) continue;
      const d = (px[i] - px[j]) ** 2 + (py[i] - py[j]) ** 2;
      if (d < best) best = d;
    }
    total += Math.sqrt(best);
  }
  return sample ? total / sample : 0;
}

const hook = {
  ready: null,
  load,
  pause() { sim.paused = true; ui.refreshPause(); rememberPaused(); },
  run() { sim.paused = false; ui.refreshPause(); rememberPaused(); },
  step(n = 1) { return stepWorld(n); },
  setParam, getParam, setCombine,
  // What is tuned: [{group, name, value}]; and the file an export downloads.
  tuned: () => [...sim.tuning].map(([key, value]) => ({ group: +key.split('\t')[0], name: key.split('\t')[1], value })),
  exportScenario,
  setTarget, addObstacle, addPath,
  // The selected agents: position, the target of their own goal, and whether
  // they have one (state 0), are going (1) or have arrived (2).
  orders() {
    const rows = orders(), out = [];
    for (let k = 0; k < rows.length; k += ORDER_FIELDS)
      out.push({ position: [rows[k], rows[k + 1]], target: [rows[k + 2], rows[k + 3]], state: rows[k + 5] });
    return out;
  },
  // The order being chosen in the worker (agents; 0: none), and how many
  // answers came for orders replaced meanwhile and were dropped.
  // hold(true) keeps the worker's answers back until hold(false) (a test's
  // way to order an answer after a later click).
  orderWork: () => ({ choosing: pending.count, dropped: pending.dropped, held: pending.held?.length ?? 0 }),
  holdOrders(hold) {
    if (hold) pending.held ??= [];
    else if (pending.held) {
      const answers = pending.held;
      pending.held = null;
      answers.forEach(chosen);
    }
  },
  scenarios: () => [...scenarioNames, STANDARD], // in the order the page lists them
  camera: () => ({ ...camera }), // canvas pixel = (ox + x * scale, oy - y * scale)
  // Whether a click at world point (x, y) falls on an agent (as the page
  // draws it now), which a plain click selects.
  agentAt(x, y) {
    fitCamera();
    return wasm.pg_agent_at(x, y, camera.scale, SLACK * camera.dpr) === 1;
  },
  worldToClient(x, y) {
    fitCamera();
    const r = canvas.getBoundingClientRect();
    return { x: r.left + sx(x) / camera.dpr, y: r.top + sy(y) / camera.dpr };
  },
  state({ neighbours = false, positions = false } = {}) {
    const count = wasm.pg_view();
    const mem = wasm.memory.buffer;
    const px = new Float32Array(mem, wasm.pg_view_px(), count), py = new Float32Array(mem, wasm.pg_view_py(), count);
    let cx = 0, cy = 0;
    for (let i = 0; i < count; ++i) { cx += px[i]; cy += py[i]; }
    const state = {
      scenario: sim.scenario, seed: sim.seed, agents: count, step: wasm.pg_step_count(), paused: sim.paused,
      dt: wasm.pg_dt(), hash: cstr(wasm.pg_hash()), target: sim.target, centroid: count ? [cx / count, cy / count] : null,
      obstacles: wasm.pg_obstacle_count(), paths: sim.paths, dim: wasm.pg_dim(),
      selected: wasm.pg_selected_count(), arrived: wasm.pg_selected_arrived(), goals: wasm.pg_goal_count(),
      goalsArrived: wasm.pg_goals_arrived(),
      bounds: sim.bounds, msPerStep: sim.msPerStep, fps: sim.fps, frames, error: sim.error, loading: sim.loading,
      kernel: cstr(wasm.pg_kernel()),
    };
    if (neighbours) state.meanNeighbourDistance = meanNearestNeighbour(px, py, count);
    if (positions) state.positions = [...px].map((x, i) => [x, py[i]]);
    return state;
  },
};
window.steerPlayground = hook;

hook.ready = (async () => {
  await loadModule();
  readParamTable();
  await listScenarios();
  ui.init();
  const wanted = new URLSearchParams(location.search);
  const opening = scenarioNames.includes('showcase') ? 'showcase' : scenarioNames[0] ?? STANDARD;
  let first = wanted.get('scenario') ?? opening;
  if (first === 'standard') first = STANDARD;
  // A scenario the list does not have is refused like a bad seed: the page
  // opens on its first scenario and says why, never on an empty world.
  let refusedScenario = '';
  if (first !== STANDARD && !scenarioNames.includes(first)) {
    refusedScenario = `scenario: no scenario named ${JSON.stringify(first)}; opened ${opening}`;
    first = opening;
  }
  const asked = { scenario: first, seed: wanted.get('seed') ?? undefined, agents: wanted.get('agents') ?? undefined };
  // A refused seed or count keeps its message and stays in its box; the page
  // starts without it.
  const { refused = [] } = await load(asked);
  if (refused.length) {
    await load({ ...asked, ...Object.fromEntries(refused.map((field) => [field, undefined])) });
    for (const field of refused) $(field).value = asked[field];
  }
  const refusedOnLoad = [refusedModule, refusedScenario].filter(Boolean).join('\n');
  if (refusedOnLoad) sim.error = refusedOnLoad;
  if (wanted.has('paused')) hook.pause();
  requestAnimationFrame(frame);
})();
