// A plain static file server for browser tests: files of one folder under a URL prefix (a site
// published in a sub-folder), with optional extra headers (a Content-Security-Policy), on loopback.
import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.wasm': 'application/wasm',
};

export interface StaticSite {
  /** The site's URL, ending in the prefix and a slash. */
  url: string;
  close(): Promise<void>;
}

/** Serves `dir` at http://127.0.0.1:<port><prefix>; anything outside the prefix is a 404. */
export async function serveStatic(dir: string, prefix = '/', headers: Record<string, string> = {}): Promise<StaticSite> {
  const base = prefix.endsWith('/') ? prefix : `${prefix}/`;
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const relative = path.startsWith(base) ? path.slice(base.length) : undefined;
    const file = relative === undefined ? undefined : normalize(join(dir, relative === '' || relative.endsWith('/') ? `${relative}index.html` : relative));
    if (file === undefined || !(file === dir || file.startsWith(dir.endsWith(sep) ? dir : dir + sep))) {
      res.writeHead(404).end();
      return;
    }
    readFile(file).then(
      (body) => res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', ...headers }).end(body),
      () => res.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}${base}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
