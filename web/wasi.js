// The WASI imports steer.wasm asks for (wasi-libc's), for the page and its
// order worker: the clock, writes to the console, random bytes and exit;
// everything else answers ENOSYS. memory() gives the instance's memory.
export function wasiImports(module, memory) {
  const ENOSYS = 52;
  const view = () => new DataView(memory().buffer);
  const impl = {
    clock_time_get(id, precision, out) {
      view().setBigUint64(out, BigInt(Math.round(performance.now() * 1e6)), true);
      return 0;
    },
    fd_write(fd, iovs, count, written) {
      const dv = view();
      let text = '', total = 0;
      for (let i = 0; i < count; ++i) {
        const ptr = dv.getUint32(iovs + 8 * i, true), len = dv.getUint32(iovs + 8 * i + 4, true);
        text += new TextDecoder().decode(new Uint8Array(memory().buffer, ptr, len));
        total += len;
      }
      if (text.trim()) (fd === 2 ? console.warn : console.log)(text.trimEnd());
      dv.setUint32(written, total, true);
      return 0;
    },
    random_get(buf, len) {
      crypto.getRandomValues(new Uint8Array(memory().buffer, buf, len));
      return 0;
    },
    proc_exit(code) { throw new Error(`steer.wasm exited with ${code}`); },
  };
  const imports = {};
  for (const { module: name, name: fn } of WebAssembly.Module.imports(module)) {
    imports[name] ??= {};
    imports[name][fn] = impl[fn] ?? (() => ENOSYS);
  }
  return imports;
}
