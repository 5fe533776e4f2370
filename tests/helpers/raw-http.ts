/**
 * HTTP over a raw socket, for requests no client library would send (bad Hosts, broken chunking,
 * unknown methods). Reads whatever the server answers until it closes or `timeoutMs` passes.
 */
import net from 'node:net';

export interface RawAnswer {
  /** undefined when the server answered nothing (closed, or the timeout passed). */
  status: number | undefined;
  headers: Record<string, string>;
  body: string;
  /** Everything received, for failure messages. */
  raw: string;
  timedOut: boolean;
}

export function parseAnswer(received: Buffer, timedOut = false): RawAnswer {
  // An interim "100 Continue" (Expect: 100-continue) comes before the answer.
  const interim = /^HTTP\/1\.[01] 1\d\d [^\r]*\r\n\r\n/.exec(received.toString('latin1'));
  const raw = interim ? received.subarray(interim[0].length) : received;
  const text = raw.toString('latin1');
  const end = text.indexOf('\r\n\r\n');
  const statusLine = /^HTTP\/1\.[01] (\d{3})/.exec(text);
  const headers: Record<string, string> = {};
  if (end >= 0) {
    for (const line of text.slice(0, end).split('\r\n').slice(1)) {
      const colon = line.indexOf(':');
      if (colon > 0) {
        const name = line.slice(0, colon).trim().toLowerCase();
        headers[name] =
          headers[name] === undefined
            ? line.slice(colon + 1).trim()
            : `${headers[name]}, ${line.slice(colon + 1).trim()}`;
      }
    }
  }
  let body = end >= 0 ? raw.subarray(Buffer.byteLength(text.slice(0, end + 4), 'latin1')) : Buffer.alloc(0);
  if (/chunked/i.test(headers['transfer-encoding'] ?? '')) body = dechunk(body);
  return {
    status: statusLine ? Number(statusLine[1]) : undefined,
    headers,
    body: body.toString('utf8'),
    raw: text.slice(0, 2000),
    timedOut,
  };
}

function dechunk(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  let offset = 0;
  while (offset < data.length) {
    const lineEnd = data.indexOf('\r\n', offset);
    if (lineEnd < 0) break;
    const size = parseInt(data.subarray(offset, lineEnd).toString('latin1'), 16);
    if (!Number.isFinite(size) || size === 0) break;
    parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    offset = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

/** Sends `request` as it is and collects the first answer (one request per connection). */
export function rawRequest(port: number, request: Buffer | string, timeoutMs = 15_000): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const socket = net.connect({ host: '127.0.0.1', port });
    let settled = false;
    const done = (timedOut: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(parseAnswer(Buffer.concat(chunks), timedOut));
    };
    const timer = setTimeout(() => done(true), timeoutMs);
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('end', () => done(false));
    socket.on('close', () => done(false));
    socket.on('error', () => done(false));
    socket.write(request);
  });
}
