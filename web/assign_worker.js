// The page's order worker: who goes where for a large order (the least sum
// of squared distances, steer_assign_places through pg_assign), in its own
// instance of steer.wasm, so the page keeps running while it is chosen.
//   in:  {module} once (the compiled steer.wasm), then
//        {token, from, places, count, dim}: Float32Arrays of count x 3
//   out: {token, result, placeOf}: placeOf an Int32Array of count, result
//        the number chosen or a negative steer_result; or {token, failed}:
//        the worker cannot choose (its instance could not be made, or the
//        call threw), failed saying why
import { wasiImports } from './wasi.js';

let ready;

async function instantiate(module) {
  let exports;
  const instance = await WebAssembly.instantiate(module, wasiImports(module, () => exports.memory));
  exports = instance.exports;
  exports._initialize();
  return exports;
}

function choose(wasm, { token, from, places, count, dim }) {
  const bytes = 12 * count;
  const f = wasm.pg_alloc(bytes), p = wasm.pg_alloc(bytes), o = wasm.pg_alloc(4 * count);
  try {
    if (!f || !p || !o) return { token, result: -4, placeOf: null }; // STEER_ERROR_OUT_OF_MEMORY
    new Float32Array(wasm.memory.buffer, f, 3 * count).set(from);
    new Float32Array(wasm.memory.buffer, p, 3 * count).set(places);
    const r = wasm.pg_assign(f, count, p, count, dim, o);
    const placeOf = r === 0 ? new Int32Array(wasm.memory.buffer, o, count).slice() : null;
    return { token, result: r === 0 ? count : r, placeOf };
  } finally {
    wasm.pg_free(f);
    wasm.pg_free(p);
    wasm.pg_free(o);
  }
}

// A failure is answered, not thrown: thrown in this async handler it would
// reach no one (a rejection fires no error event at the page), and the
// page would wait for the answer for good.
onmessage = async ({ data }) => {
  if (data.module) {
    ready = instantiate(data.module);
    ready.catch(() => {}); // answered with each order
    return;
  }
  let out;
  try {
    out = choose(await ready, data);
  } catch (e) {
    out = { token: data.token, failed: String(e?.message ?? e) };
  }
  postMessage(out, out.placeOf ? [out.placeOf.buffer] : []);
};
