/**
 * One GET on a connection of its own (node:http, no agent). The bench's servers close idle kept-alive
 * connections after a few seconds, and a pooled fetch() connection reused just then fails with
 * "other side closed" — a fresh connection per check cannot.
 */
import { request, type IncomingHttpHeaders } from 'node:http';

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export function httpGet(url: string | URL, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent: false, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}
