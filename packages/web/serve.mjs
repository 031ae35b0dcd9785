// A tiny zero-dependency static server for the built lab (dist/), bound to 127.0.0.1.
// Usage: node serve.mjs [--port N]   (or env PORT; default 5173; 0 picks a free port)
import { createServer } from 'node:http';
import { createReadStream, existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { dirname, extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), 'dist');

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
};

function parsePort(argv, env) {
  let raw = env.PORT ?? '5173';
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--port') raw = argv[++i] ?? '';
    else if (argv[i].startsWith('--port=')) raw = argv[i].slice('--port='.length);
  }
  const port = Number(raw);
  if (!/^\d+$/.test(String(raw).trim()) || port > 65535) {
    console.error(`searchlab lab: invalid port "${raw}", expected an integer 0..65535`);
    process.exit(2);
  }
  return port;
}

/** Map a URL path to a file under root, or null when it escapes root or is malformed. */
function fileFor(urlPath) {
  let path;
  try {
    path = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (path.includes('\0')) return null;
  if (path.endsWith('/')) path += 'index.html';
  const file = resolve(root, '.' + path);
  return file === root || file.startsWith(root + sep) ? file : null;
}

function send(res, status, text) {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

const server = createServer(async (req, res) => {
  if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'method not allowed\n');
  const url = new URL(req.url ?? '/', 'http://localhost');
  const file = fileFor(url.pathname);
  if (!file) return send(res, 404, 'not found\n');
  let info;
  try {
    info = await stat(file);
  } catch {
    return send(res, 404, 'not found\n');
  }
  if (!info.isFile()) return send(res, 404, 'not found\n');
  res.writeHead(200, {
    'content-type': MIME[extname(file).toLowerCase()] ?? 'application/octet-stream',
    'content-length': info.size,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
  if (req.method === 'HEAD') return res.end();
  createReadStream(file)
    .on('error', () => res.destroy())
    .pipe(res);
});

if (!existsSync(join(root, 'index.html'))) {
  console.error('searchlab lab: dist/ is not built; run `pnpm --filter @searchlab/web build` (or `pnpm web`)');
  process.exit(1);
}

const port = parsePort(process.argv.slice(2), process.env);
server.on('error', (err) => {
  console.error(`searchlab lab: cannot listen on 127.0.0.1:${port}: ${err.message}`);
  process.exit(1);
});
server.listen(port, '127.0.0.1', () => {
  const address = server.address();
  console.log(`searchlab lab: http://127.0.0.1:${address.port}/`);
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    server.close();
    server.closeAllConnections();
    process.exit(0);
  });
}
