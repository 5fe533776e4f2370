/**
 * A plain static file server for a folder (default dist-static/), like any static host: a path
 * names a file, or a folder whose index.html is served; anything else gets 404.html with status
 * 404. No rewrites, no knowledge of the shop. Text files go out compressed as static hosts send them
 * (Netlify, Cloudflare Pages, nginx with gzip_static): brotli when the browser takes it, else gzip,
 * each file compressed once. Used by the browser tests of the static build, and to look at (and
 * measure with Lighthouse) a static build locally: `node scripts/serve-static.ts [folder] [port]`.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import { extname, join, resolve, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

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

const COMPRESSIBLE = /^(?:text\/|application\/(?:json|xml)|image\/svg)/;

type Encoding = 'br' | 'gzip' | 'identity';

/** What a static host would pick from Accept-Encoding: brotli, else gzip, else the file as it is. */
function encodingFor(acceptEncoding: string | undefined): Encoding {
  const offered = (acceptEncoding ?? '').toLowerCase();
  if (/\bbr\b/.test(offered)) return 'br';
  return /\bgzip\b/.test(offered) ? 'gzip' : 'identity';
}

function compress(bytes: Buffer, encoding: Encoding): Buffer {
  // Hosts that compress ahead use the top quality; on a large file (the search's index) a lower one
  // keeps the first request from waiting for seconds.
  const quality = bytes.length > 1024 * 1024 ? 5 : 11;
  if (encoding === 'br') return brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: quality } });
  return encoding === 'gzip' ? gzipSync(bytes, { level: 9 }) : bytes;
}

export function createStaticServer(folder: string): http.Server {
  const root = resolve(folder);
  // The folder does not change while it is served: each file is read and compressed once per encoding.
  const sent = new Map<string, Buffer>();
  const bytesOf = (file: string, encoding: Encoding): Buffer => {
    const key = `${encoding} ${file}`;
    let bytes = sent.get(key);
    if (!bytes) {
      bytes = compress(readFileSync(file), encoding);
      sent.set(key, bytes);
    }
    return bytes;
  };
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
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    const encoding = COMPRESSIBLE.test(type) ? encodingFor(request.headers['accept-encoding']) : 'identity';
    const body = bytesOf(file, encoding);
    response.statusCode = found ? 200 : 404;
    response.setHeader('content-type', type);
    response.setHeader('content-length', body.length);
    if (COMPRESSIBLE.test(type)) response.setHeader('vary', 'Accept-Encoding');
    if (encoding !== 'identity') response.setHeader('content-encoding', encoding);
    response.end(request.method === 'HEAD' ? undefined : body);
  });
}

if (import.meta.main) {
  const folder = process.argv[2] ?? 'dist-static';
  const port = Number(process.argv[3] ?? process.env.PORT ?? 4322);
  const host = process.env.HOST ?? '127.0.0.1';
  createStaticServer(folder).listen(port, host, () => console.log(`serving ${folder} on http://${host}:${port}`));
}
