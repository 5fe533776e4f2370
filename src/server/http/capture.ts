/**
 * Astro's answer as bytes: the bundle exports only its Node handler, which writes here, into a stand-in for
 * ServerResponse (writeHead/setHeader/write/end, as Astro's writeResponse and `send` use them).
 */
import type { IncomingMessage, OutgoingHttpHeader, OutgoingHttpHeaders } from 'node:http';
import { Writable } from 'node:stream';
import { prepareResponse, type AnswerHeaders, type PreparedResponse } from './prepared-response.ts';

export type NodeHandler = (req: IncomingMessage, res: never) => void;

class CapturedResponse extends Writable {
  statusCode = 200;
  statusMessage = '';
  headersSent = false;
  readonly req: IncomingMessage;
  readonly chunks: Buffer[] = [];
  readonly #headers = new Map<string, OutgoingHttpHeader>();

  constructor(req: IncomingMessage) {
    super();
    this.req = req;
  }

  /** `on-finished` (used by `send`) reads this to know whether the answer is done. */
  get finished(): boolean {
    return this.writableEnded;
  }

  setHeader(name: string, value: OutgoingHttpHeader): this {
    this.#headers.set(name.toLowerCase(), value);
    return this;
  }
  getHeader(name: string): OutgoingHttpHeader | undefined {
    return this.#headers.get(name.toLowerCase());
  }
  hasHeader(name: string): boolean {
    return this.#headers.has(name.toLowerCase());
  }
  removeHeader(name: string): void {
    this.#headers.delete(name.toLowerCase());
  }
  getHeaderNames(): string[] {
    return [...this.#headers.keys()];
  }
  getHeaders(): OutgoingHttpHeaders {
    return Object.fromEntries(this.#headers);
  }
  writeHead(status: number, ...rest: unknown[]): this {
    this.statusCode = status;
    for (const part of rest) {
      if (typeof part === 'string') this.statusMessage = part;
      else if (Array.isArray(part)) {
        for (let index = 0; index + 1 < part.length; index += 2)
          this.setHeader(String(part[index]), String(part[index + 1]));
      } else if (part && typeof part === 'object')
        for (const [name, value] of Object.entries(part as OutgoingHttpHeaders))
          if (value !== undefined) this.setHeader(name, value);
    }
    this.headersSent = true;
    return this;
  }
  flushHeaders(): void {
    this.headersSent = true;
  }
  override _write(chunk: Buffer | string, encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this.headersSent = true;
    this.chunks.push(typeof chunk === 'string' ? Buffer.from(chunk, encoding) : chunk);
    done();
  }

  answer(): PreparedResponse {
    const headers: AnswerHeaders = {};
    for (const [name, value] of this.#headers) headers[name] = Array.isArray(value) ? value.map(String) : String(value);
    // One copy, of its own size: what the cache keeps (./prepared-response.ts owned).
    const body = Buffer.allocUnsafeSlow(this.chunks.reduce((total, chunk) => total + chunk.length, 0));
    let at = 0;
    for (const chunk of this.chunks) at += chunk.copy(body, at);
    return prepareResponse(this.statusCode, headers, body);
  }
}

/** Runs `handler` for `req` and resolves with what it answered; rejects when it gave up without an answer. */
export function capture(handler: NodeHandler, req: IncomingMessage): Promise<PreparedResponse> {
  const res = new CapturedResponse(req);
  return new Promise((resolve, reject) => {
    res.once('finish', () => resolve(res.answer()));
    res.once('close', () => {
      if (!res.writableFinished) reject(new Error('the page was not answered'));
    });
    res.once('error', reject);
    handler(req, res as never);
  });
}

/** Conditional and range headers are the edge's to answer (from the prepared answer): the renderer never sees them. */
const EDGE_REQUEST_HEADERS = [
  'if-none-match',
  'if-modified-since',
  'if-match',
  'if-unmodified-since',
  'range',
  'if-range',
];

/** Runs `render` as a plain GET (a HEAD renders the whole answer, which may be cached), conditional headers set aside. */
export async function asPlainGet<T>(req: IncomingMessage, render: () => Promise<T>): Promise<T> {
  const method = req.method;
  const saved: [string, string | string[] | undefined][] = [];
  for (const name of EDGE_REQUEST_HEADERS)
    if (name in req.headers) {
      saved.push([name, req.headers[name]]);
      delete req.headers[name];
    }
  if (method === 'HEAD') req.method = 'GET';
  try {
    return await render();
  } finally {
    req.method = method;
    for (const [name, value] of saved) req.headers[name] = value;
  }
}
