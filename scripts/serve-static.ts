/**
 * A plain static file server for a folder (default dist-static/), like any static host: a path
 * names a file, or a folder whose index.html is served; anything else gets 404.html with status
 * 404. No rewrites, no knowledge of the shop. Used by the browser tests of the static build, and
 * to look at a static build locally: `node scripts/serve-static.ts [folder] [port]`.
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import http from 'node:http';
import { extname, join, resolve, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
};

export function createStaticServer(folder: string): http.Server {
  const root = resolve(folder);
  const fileFor = (pathname: string): string | undefined => {
    const path = resolve(join(root, pathname));
    if (path !== root && !path.startsWith(root + sep)) return undefined;
    if (!existsSync(path)) return undefined;
    if (statSync(path).isFile()) return path;
    const index = join(path, 'index.html');
    return existsSync(index) ? index : undefined;
  };
  return http.createServer((request, response) => {
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://static.invalid').pathname);
    } catch {
      pathname = '/\u0000';
    }
    const found = pathname.includes('\u0000') ? undefined : fileFor(pathname);
    const file = found ?? join(root, '404.html');
    response.statusCode = found ? 200 : 404;
    response.setHeader('content-type', TYPES[extname(file)] ?? 'application/octet-stream');
    createReadStream(file).pipe(response);
  });
}

if (import.meta.main) {
  const folder = process.argv[2] ?? 'dist-static';
  const port = Number(process.argv[3] ?? process.env.PORT ?? 4322);
  const host = process.env.HOST ?? '127.0.0.1';
  createStaticServer(folder).listen(port, host, () => console.log(`serving ${folder} on http://${host}:${port}`));
}
