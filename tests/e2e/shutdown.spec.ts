/**
 * The production server (`node scripts/serve.ts`, the built shop) told SIGTERM while a request is in
 * flight (a contact message whose body is still arriving), on a server of its own (port E2E_PORT + 25):
 * /health/ready answers 503 for the drain while new connections are still accepted and /health/live stays
 * 200; then new connections are refused, the request in flight is answered (its message stored), and the
 * process exits with 0, its request log written to the end. A request still open past SHUTDOWN_GRACE_MS (a server
 * of its own, port E2E_PORT + 26) does not hold the exit: the process says so and exits with 1. No browser: raw sockets.
 */
import net from 'node:net';
import { expect, test } from '@playwright/test';
import { throwawayServer, type ProductionServer } from '../helpers/production-server.ts';
import { parseAnswer } from '../helpers/raw-http.ts';

const PORT = Number(process.env.E2E_PORT ?? 4400) + 25;
/** A contact message whose body has only half arrived: the socket, and a promise of its close. */
async function halfSentMessage(port: number) {
  const body = Buffer.from(JSON.stringify({ subject: 'כיבוי', message: 'הודעה שנשלחה בזמן שהשרת נסגר' }));
  const socket = net.connect(port, '127.0.0.1');
  const received: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => received.push(chunk));
  // The server going away resets the socket: that is the close awaited, not a failure.
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  socket.write(
    `POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
  );
  socket.write(body.subarray(0, 10));
  return { socket, rest: body.subarray(10), received, closed };
}

test.describe('draining', () => {
  let server: ProductionServer;
  let dispose: (() => Promise<void>) | undefined;

  test.beforeAll(async () => {
    ({ server, dispose } = throwawayServer(PORT, {
      // Long enough for the checks made while it drains, even on a busy machine.
      SHUTDOWN_DRAIN_MS: '10000',
      // The test sends the rest of the body only after it has seen new connections refused: a busy machine may take a while.
      SHUTDOWN_GRACE_MS: '120000',
    }));
    await server.start();
  });
  test.afterAll(async () => {
    await dispose?.();
  });

  const status = async (path: string) => (await fetch(`${server.url}${path}`)).status;

  /** Can a new connection be opened? */
  const accepts = () =>
    new Promise<boolean>((resolve) => {
      const socket = net.connect(PORT, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });

  test('SIGTERM: unready while still accepting, then refusing; the request in flight is answered', async () => {
    await expect.poll(() => status('/health/ready'), { timeout: 60_000 }).toBe(200);

    // A contact message whose body has only half arrived when the signal comes.
    const { socket, rest, received, closed } = await halfSentMessage(PORT);

    const exited = server.stop('SIGTERM');
    await expect.poll(() => status('/health/ready')).toBe(503);
    const ready = (await (await fetch(`${server.url}/health/ready`)).json()) as Record<string, unknown>;
    expect(ready).toMatchObject({ ready: false, database: 'reachable' });
    expect(await status('/health/live')).toBe(200);
    expect(await status('/api/categories')).toBe(200);

    // The drain is over: no new connections; the one in flight is still open.
    await expect.poll(accepts, { timeout: 60_000 }).toBe(false);
    socket.end(rest);
    await closed;
    const answer = parseAnswer(Buffer.concat(received));
    expect(answer.status, `${answer.raw}\n--- the server's log:\n${server.log.join('\n')}`).toBe(201);
    expect(await exited).toBe(0);
    expect(server.log.join('\n')).toContain('SIGTERM: not ready');
    // The request log's last line, still waiting in its destination when the signal came, is written before the exit.
    const requestLines = () =>
      server.log.filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as Record<string, unknown>);
    await expect
      .poll(() => requestLines().some((line) => line.path === '/api/contact' && line.status === 201))
      .toBe(true);
  });
});

test('a request still open past SHUTDOWN_GRACE_MS does not hold the exit: the server says so and exits with 1', async () => {
  const { server: stuck, dispose } = throwawayServer(PORT + 1, {
    SHUTDOWN_DRAIN_MS: '0',
    SHUTDOWN_GRACE_MS: '300',
  });
  try {
    await stuck.start();
    // The rest of the body never comes.
    const { received, closed } = await halfSentMessage(stuck.port);
    expect(await stuck.stop('SIGTERM')).toBe(1);
    expect(stuck.log.join('\n')).toContain('requests still open after 300 ms');
    await closed;
    expect(Buffer.concat(received).length).toBe(0);
  } finally {
    await dispose();
  }
});
