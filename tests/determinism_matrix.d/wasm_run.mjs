// Runs a wasm32-wasi command module under Node's built-in WASI (node:wasi;
// no npm dependency): node wasm_run.mjs MODULE.wasm [ARGS...]
// The module's stdout and stderr are this process's; its exit status is ours.
// No directories are preopened and the environment is empty.
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { WASI } from 'node:wasi';

const [file, ...args] = process.argv.slice(2);
if (!file) {
  console.error('usage: node wasm_run.mjs MODULE.wasm [ARGS...]');
  process.exit(2);
}
const wasi = new WASI({ version: 'preview1', args: [basename(file), ...args], env: {}, returnOnExit: true });
const module = await WebAssembly.compile(await readFile(file));
const instance = await WebAssembly.instantiate(module, wasi.getImportObject());
process.exitCode = wasi.start(instance);
