/**
 * A seeded generator of hostile HTTP requests (raw bytes): odd and unknown methods, broken and foreign
 * Hosts, percent-escapes and traversal in paths, huge and malformed headers, bodies that lie about their
 * length, bad and oversized chunking. The same seed gives the same requests, so a failure can be replayed.
 */
import { seededRandom } from '../../src/lib/seeded-random.ts';

interface HostileRequest {
  /** What was sent, for the failure message. */
  label: string;
  bytes: Buffer;
  /** The path asked for (an /api answer must be JSON). */
  path: string;
  method: string;
  /** The body is shorter than announced, so the server may rightly wait for the rest: no answer is fine. */
  mayHang: boolean;
}

const METHODS = [
  'GET',
  'GET',
  'GET',
  'HEAD',
  'POST',
  'POST',
  'POST',
  'PUT',
  'DELETE',
  'PATCH',
  'OPTIONS',
  'TRACE',
  'CONNECT',
  'PROPFIND',
  'MKCOL',
  'LOCK',
  'SEARCH',
  'PURGE',
  'get',
  'FOO',
  'G\x00T',
  'GET\t',
];
const PATHS = [
  '/',
  '/about',
  '/contact',
  '/categories',
  '/categories/fire-creatures',
  '/products?query=%D7%93%D7%A8%D7%A7%D7%95%D7%9F&page=2',
  '/products/000000000000000000000000',
  '/api/categories',
  '/api/categories/fire-creatures?isPopulate=true',
  '/api/animals/search?query=<script>alert(1)</script>&sort=price',
  '/api/animals/search?limit=-1&page=1e309',
  '/api/contact',
  '/api/contact/',
  '/api/nothing-here',
  '/api',
  '/api/%',
  '/api/categories/%E0%A4%A',
  '/%zz',
  '/..%2f..%2f..%2fetc%2fpasswd',
  '/_astro/../../package.json',
  '/_astro/%2e%2e/%2e%2e/package.json',
  '//evil.test/x',
  '/\\evil.test',
  '/favicon.svg',
  '/art/../../.env',
  '/clerk/..%2f..%2fsrc%2fserver%2fconfig.ts',
  '/404',
  '/sign-in',
  '/auth/clerk-settings.json',
  'http://evil.test/api/categories',
  'http://127.0.0.1/api/contact',
  '*',
  '',
  'api/categories',
  '/%00',
  '/\u05e7\u05d8\u05df',
  '/a?b=%',
];
const HOSTS = [
  'HOST',
  'HOST',
  'HOST',
  'localhost',
  'evil.test',
  'a b',
  '%',
  '[::1',
  '[::1]:80',
  '127.0.0.1:99999',
  '127.0.0.1:0',
  'localhost:4321@evil.test',
  'user:pass@localhost',
  '',
  'x'.repeat(300),
  'évil.test',
  'localhost:80:80',
  'localhost/../../',
  '-bad-.test',
  null, // no Host header
];
const TYPES = [
  'application/json',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=latin1',
  '',
  'application/jsonx',
];
const BODIES = [
  '{"subject":"שאלה","message":"האם התיפלץ מגיע עם הוראות האכלה?"}',
  '{"subject":"<script>alert(1)</script>","message":"1234567890 <img src=x onerror=alert(1)>"}',
  '{"subject":',
  'null',
  '[]',
  '{"subject":"\\u0000","message":"\\ud800\\ud800\\ud800\\ud800\\ud800"}',
  '\xff\xfe\xfd',
  'a=1&b=2',
  '',
];

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

function chunked(body: Buffer, random: () => number): Buffer {
  const pieces: Buffer[] = [];
  let offset = 0;
  while (offset < body.length) {
    const size = Math.max(1, Math.floor(random() * 64));
    const part = body.subarray(offset, offset + size);
    pieces.push(Buffer.from(`${part.length.toString(16)}\r\n`), part, Buffer.from('\r\n'));
    offset += size;
  }
  const ending = pick(random, [
    '0\r\n\r\n',
    '0\r\n\r\n',
    'zz\r\n\r\n',
    '0\r\nX-Trailer: 1\r\n\r\n',
    `${'f'.repeat(20)}\r\n`,
  ]);
  pieces.push(Buffer.from(ending));
  return Buffer.concat(pieces);
}

/** `count` hostile requests for a server that calls itself `host` (e.g. 127.0.0.1:4321). */
export function hostileRequests(seed: number, count: number, host: string): HostileRequest[] {
  const random = seededRandom(seed);
  const requests: HostileRequest[] = [];
  for (let index = 0; index < count; index++) {
    const method = pick(random, METHODS);
    let path = pick(random, PATHS);
    if (random() < 0.05) path += `?q=${'%41'.repeat(Math.floor(random() * 3000))}`;
    const hostValue = pick(random, HOSTS);
    const headers: string[] = [];
    if (hostValue !== null) headers.push(`Host: ${hostValue === 'HOST' ? host : hostValue}`);
    if (random() < 0.1) headers.push(`Host: ${pick(random, ['evil.test', host])}`);
    if (random() < 0.3) headers.push(`Content-Type: ${pick(random, TYPES)}`);
    if (random() < 0.1) headers.push(`Cookie: __session=${'x'.repeat(Math.floor(random() * 4000))}; __client_uat=1`);
    if (random() < 0.05) headers.push(`X-Big: ${'y'.repeat(20_000)}`);
    if (random() < 0.05) for (let n = 0; n < 200; n++) headers.push(`X-Many-${n}: ${n}`);
    if (random() < 0.05) headers.push('Bad Header: space in name');
    if (random() < 0.05) headers.push('X-Newline: a\rb');
    if (random() < 0.05) headers.push(`Origin: ${pick(random, ['https://evil.test', 'null', `http://${host}`])}`);
    if (random() < 0.05) headers.push(`X-Forwarded-Host: ${pick(random, ['evil.test', 'a b', '%'])}`);
    if (random() < 0.05) headers.push(`If-None-Match: ${pick(random, ['*', 'W/"x", "y"', '\x7f'])}`);
    if (random() < 0.05) headers.push('Expect: 100-continue');
    let body: Buffer = Buffer.from(pick(random, BODIES), 'utf8');
    if (random() < 0.08) body = Buffer.alloc(16_384 + Math.floor(random() * 40_000), 'a');
    let mayHang = false;
    const framing = random();
    if (framing < 0.3) {
      headers.push('Transfer-Encoding: chunked');
      body = chunked(body, random);
      if (random() < 0.1) headers.push(`Content-Length: ${body.length}`); // both: a smuggling attempt
    } else if (framing < 0.35) {
      headers.push(`Content-Length: ${pick(random, ['-1', 'abc', '1e3', '99999999999999999999', ' 5', '5, 6'])}`);
    } else if (framing < 0.38) {
      headers.push(`Content-Length: ${body.length + 10}`); // announces more than it sends
      mayHang = true;
    } else if (body.length > 0 || random() < 0.5) {
      headers.push(`Content-Length: ${body.length}`);
    }
    headers.push('Connection: close');
    const version = random() < 0.05 ? pick(random, ['HTTP/1.0', 'HTTP/2.0', 'HTTP/9', 'HTTX/1.1']) : 'HTTP/1.1';
    const head = `${method} ${path} ${version}\r\n${headers.join('\r\n')}\r\n\r\n`;
    requests.push({
      label: `#${index} ${JSON.stringify(head.slice(0, 300))} + ${body.length} bytes`,
      bytes: Buffer.concat([Buffer.from(head, 'utf8'), body]),
      path,
      method,
      mayHang: mayHang || headers.includes('Expect: 100-continue'),
    });
  }
  return requests;
}
