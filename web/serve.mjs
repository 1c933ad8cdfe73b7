// A static file server for web/dist on loopback: `make serve`, and the
// browser tests start one on a free port. Node's standard library only.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const types = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8', '.wasm': 'application/wasm', '.css': 'text/css; charset=utf-8',
  '.png': 'image/png', '.svg': 'image/svg+xml',
};

// Resolves to the listening server; port 0 picks a free one.
export function serve(root, port = 0, host = '127.0.0.1') {
  root = resolve(root);
  const server = createServer(async (req, res) => {
    const url = new URL(req.url, 'http://localhost');
    let path = normalize(join(root, decodeURIComponent(url.pathname)));
    if (!path.startsWith(root)) { res.writeHead(403).end(); return; }
    if (url.pathname.endsWith('/')) path = join(path, 'index.html');
    try {
      const body = await readFile(path);
      // cross-origin isolated: the page's clock then ticks in microseconds,
      // not tenths of a millisecond (its ms/step of a small world is honest)
      res.writeHead(200, { 'content-type': types[extname(path)] ?? 'application/octet-stream', 'cache-control': 'no-cache',
        'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp' });
      res.end(body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  return new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => ok(server));
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [root = 'web/dist', port = '8000'] = process.argv.slice(2);
  const server = await serve(root, Number(port));
  console.log(`steer playground: http://localhost:${server.address().port}/  (Ctrl-C stops)`);
}
