/**
 * The static host the static build is tested and measured on (scripts/serve-static.ts), on a real
 * socket: text files compressed as static hosts send them (brotli, else gzip, else as they are), the
 * bytes unchanged once decompressed; pictures as they are; a missing path gets 404.html with 404.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaticServer } from '../../scripts/serve-static.ts';

const PAGE = `<!doctype html><html lang="he" dir="rtl"><body>${'<p>תיפלץ</p>'.repeat(200)}</body></html>`;
const PICTURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4]);
let server: http.Server;
let port: number;

beforeAll(async () => {
  const folder = mkdtempSync(join(tmpdir(), 'static-'));
  mkdirSync(join(folder, 'about'));
  writeFileSync(join(folder, 'about', 'index.html'), PAGE);
  writeFileSync(join(folder, '404.html'), '<p>לא נמצא</p>');
  writeFileSync(join(folder, 'picture.png'), PICTURE);
  server = createStaticServer(folder);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as net.AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server?.close(resolve)));

function get(path: string, acceptEncoding?: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const headers = acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {};
    http
      .get({ host: '127.0.0.1', port, path, headers, agent: false }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

describe('the static host', () => {
  it('sends a page brotli-compressed when the browser takes it, else gzip, else as it is', async () => {
    const br = await get('/about/', 'gzip, deflate, br');
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.body.length).toBeLessThan(Buffer.byteLength(PAGE) / 4);
    expect(brotliDecompressSync(br.body).toString('utf8')).toBe(PAGE);

    const gzip = await get('/about/', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString('utf8')).toBe(PAGE);

    const plain = await get('/about/');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString('utf8')).toBe(PAGE);
  });

  it('sends pictures as they are, and 404.html with 404 for a missing path', async () => {
    const picture = await get('/picture.png', 'br');
    expect(picture.headers['content-encoding']).toBeUndefined();
    expect(picture.body).toEqual(PICTURE);
    const missing = await get('/no-such-page/', 'br');
    expect(missing.status).toBe(404);
    expect(brotliDecompressSync(missing.body).toString('utf8')).toBe('<p>לא נמצא</p>');
  });
});
