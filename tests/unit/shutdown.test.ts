/**
 * The graceful shutdown (src/server/operations/shutdown.ts) on a real socket, behind the production front:
 * after the signal, /health/ready is 503 and new connections are still accepted for the drain period,
 * live stays 200, then the server stops accepting, and a request received before finishes with its answer.
 */
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { READY_PATH } from '../../src/server/http/front.ts';
import { createShutdown } from '../../src/server/operations/shutdown.ts';
import { echoPages, getOnce, startFront, type FrontServer } from '../helpers/front-server.ts';
import { openTestShop, type TestShop } from '../helpers/shop.ts';

let shop: TestShop;
let front: FrontServer;
let release: () => void = () => {};
const held = new Promise<void>((resolve) => {
  release = resolve;
});
let slowStarted: () => void = () => {};
const slowIsIn = new Promise<void>((resolve) => {
  slowStarted = resolve;
});

beforeAll(async () => {
  shop = await openTestShop();
  // /slow is answered only when the test releases it: a request in flight across the whole shutdown.
  front = await startFront(shop, (req, res) => {
    if (req.url !== '/slow') return echoPages(req, res);
    slowStarted();
    void held.then(() => echoPages(req, res));
  });
  front.health.serving();
});
afterAll(async () => {
  release();
  if (front?.server.listening) await front.close();
  await shop?.dispose();
});

it('drains: unready but accepting, then refuses new connections and finishes the request in flight', async () => {
  const steps: string[] = [];
  const closed = vi.fn(async () => {});
  let endDrain: () => void = () => {};
  const drain = vi.fn((ms: number) => {
    expect(ms).toBe(5000);
    return new Promise<void>((resolve) => {
      endDrain = resolve;
    });
  });
  const stop = createShutdown({
    server: front.server,
    health: front.health,
    drainMs: 5000,
    drain,
    graceMs: 10_000,
    close: closed,
    say: (message) => steps.push(message),
  });

  const inFlight = getOnce(front.port, '/slow', { Host: 'shop.test' });
  await slowIsIn;
  const stopped = stop('SIGTERM');
  expect(stop('SIGTERM')).toBe(stopped);

  // The drain: the probe says not ready, new connections are still answered (and told to close).
  const ready = await getOnce(front.port, READY_PATH);
  expect(ready.status).toBe(503);
  expect(JSON.parse(ready.body)).toMatchObject({ ready: false });
  expect((await getOnce(front.port, '/health/live')).status).toBe(200);
  const during = await getOnce(front.port, '/', { Host: 'shop.test', Connection: 'keep-alive' });
  expect(during.status).toBe(200);
  expect(during.headers.connection).toBe('close');

  expect(drain).toHaveBeenCalledTimes(1);
  endDrain();
  // After the drain: no new connections; the request received before is still being answered.
  await vi.waitFor(() => expect(steps.some((step) => step.includes('no new connections'))).toBe(true));
  await expect(getOnce(front.port, '/health/live')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  expect(closed).not.toHaveBeenCalled();

  release();
  const answer = await inFlight;
  expect(answer.status).toBe(200);
  expect(answer.body).toContain('/slow');
  expect(await stopped).toBe(0);
  expect(closed).toHaveBeenCalledTimes(1);
  expect(steps.at(-1)).toBe('closed');
});
