/**
 * /metrics (src/server/operations/metrics.ts, src/server/operations/metrics-endpoint.ts) behind the production front on a real
 * socket: not there without a setting, refused without the token, and on its own listener with
 * METRICS_PORT; its text read by a strict Prometheus text-format reader (tests/helpers/prometheus-text.ts), and its counters moved by exactly
 * what a scripted set of requests did.
 */
import { spawnSync } from 'node:child_process';
import http from 'node:http';
import type net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import type { Metrics } from '../../src/server/operations/metrics.ts';
import { metricsServer } from '../../src/server/operations/metrics-endpoint.ts';
import { otherLayout } from '../../src/lib/search/index.ts';
import { getOnce, startFront, type FrontServer } from '../helpers/front-server.ts';
import { parseExposition, sampleValue as value, type Exposition } from '../helpers/prometheus-text.ts';
import { inCI } from '../helpers/postgres.ts';
import { openTestShop, type TestShop } from '../helpers/shop.ts';

const TOKEN = 'metrics-token-0123456789';
let shop: TestShop;
let metrics: Metrics;
let front: FrontServer;
let bare: FrontServer;

beforeAll(async () => {
  shop = await openTestShop({ CACHE_ENTRIES: '100' });
  // A products page that searches as the shop's does, within the request.
  const pages = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const search = url.searchParams.get('search') ?? '';
    void shop.catalogue
      .searchAnimals({ search, sort: 'name', limit: 20 })
      .then((found) => res.end(`<p>${url.pathname} ${found.total}</p>`));
  };
  front = await startFront(shop, pages, { config: { metrics: { ...shop.config.metrics, token: TOKEN } } });
  metrics = front.metrics;
  bare = await startFront(shop, pages);
  front.health.serving();
});
afterAll(async () => {
  await front?.close();
  await bare?.close();
  await shop?.dispose();
});

async function scrape(port = front.port, headers: Record<string, string> = { Authorization: `Bearer ${TOKEN}` }) {
  await front.settled();
  const answer = await getOnce(port, '/metrics', headers);
  expect(answer.status).toBe(200);
  expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  expect(answer.headers['cache-control']).toBe('no-store');
  return parseExposition(answer.body);
}

/** How many requests of `kind` the latency histogram has seen. */
function histogramCount(exposition: Exposition, kind: string): number {
  expect(exposition.types.get('shop_http_request_duration_seconds')).toBe('histogram');
  return value(exposition, 'shop_http_request_duration_seconds_count', { kind });
}

const page = (path: string) => getOnce(front.port, path, { Host: 'shop.test' });
const search = async (text: string) => {
  const answer = await page(`/api/animals/search?search=${encodeURIComponent(text)}`);
  return JSON.parse(answer.body) as { total: number; correction?: string };
};

/**
 * What promtool finds in prom-client's own default metrics, and allowed for that: these three gauges are
 * named like counters (`_total`). They are the library's, kept as every Node service exports them.
 */
const PROM_CLIENT_GAUGES = [
  'nodejs_active_handles_total',
  'nodejs_active_requests_total',
  'nodejs_active_resources_total',
];
const COUNTER_SUFFIX_ON_GAUGE = 'non-counter metrics should not have "_total" suffix';

/** Why promtool cannot run here (Debian's `prometheus` package is missing), or undefined; in CI that fails. */
function promtoolUnavailable(): string | undefined {
  if (spawnSync('promtool', ['--version']).status === 0) return undefined;
  const reason = 'promtool is not installed (Debian: apt-get install prometheus; .ci/run installs it)';
  if (inCI()) throw new Error(`CI must run promtool, but ${reason}`);
  console.warn(`[skipped] promtool check metrics: ${reason}`);
  return reason;
}
const noPromtool = promtoolUnavailable();

describe('/metrics', () => {
  it('is not there without METRICS_TOKEN or METRICS_PORT', async () => {
    const answer = await getOnce(bare.port, '/metrics', { Host: 'shop.test', Authorization: `Bearer ${TOKEN}` });
    expect(answer.body).not.toContain('shop_http_requests_total');
    expect(metricsServer(metrics, loadConfig({}))).toBeUndefined();
  });

  it.skipIf(noPromtool !== undefined)(
    'passes promtool check metrics, but for prom-client’s three default gauges, by name',
    async () => {
      await search('דרקון'); // every family has samples, the search's included
      await front.settled();
      const answer = await getOnce(front.port, '/metrics', { Authorization: `Bearer ${TOKEN}` });
      expect(answer.status).toBe(200);
      const checked = spawnSync('promtool', ['check', 'metrics'], { input: answer.body, encoding: 'utf8' });
      const findings = `${checked.stdout}${checked.stderr}`.split('\n').filter((line) => line.trim());
      // Each line: the metric's name, then the problem.
      expect(findings.map((line) => [line.split(' ')[0], line.slice(line.indexOf(' ') + 1)]).sort()).toEqual(
        PROM_CLIENT_GAUGES.map((name) => [name, COUNTER_SUFFIX_ON_GAUGE]),
      );
      expect(checked.status, 'promtool exits 3 for lint findings, nothing worse').toBe(3);
    },
  );

  it('refuses a scrape without the token, or with another', async () => {
    for (const headers of [{}, { Authorization: 'Bearer not-the-token-at-all' }, { Authorization: TOKEN }]) {
      const answer = await getOnce(front.port, '/metrics', headers);
      expect(answer.status).toBe(401);
      expect(answer.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(answer.body).not.toContain('shop_');
    }
  });

  it('moves the counters by exactly what the requests did', async () => {
    // A name of the seed catalogue, typed on the wrong keyboard layout, and misspelled.
    const name = 'דרקון';
    const layout = otherLayout(name)!;
    const misspelled = 'דקרון';
    expect(await search(name)).toMatchObject({ total: expect.any(Number) });
    const before = await scrape();

    await page('/'); // rendered
    await page('/'); // from memory
    await page('/categories'); // rendered
    expect(await search(layout)).toMatchObject({ correction: 'layout' }); // made
    expect(await search(misspelled)).toMatchObject({ correction: 'spelling' }); // made
    expect(await search('זזזזקקקק')).toMatchObject({ total: 0 }); // made
    expect(await search('זזזזקקקק')).toMatchObject({ total: 0 }); // from memory: still a search that found nothing
    await page('/products?search=' + encodeURIComponent('אאאאבבבב')); // rendered, found nothing
    await getOnce(front.port, '/health/ready');

    const after = await scrape();
    const moved = (name: string, labels: Record<string, string> = {}) =>
      value(after, name, labels) - value(before, name, labels);
    expect({
      pages: moved('shop_http_requests_total', { kind: 'page', method: 'GET', status: '2xx' }),
      api: moved('shop_http_requests_total', { kind: 'api', method: 'GET', status: '2xx' }),
      health: moved('shop_http_requests_total', { kind: 'health', method: 'GET', status: '2xx' }),
      memory: moved('shop_answers_total', { source: 'memory' }),
      rendered: moved('shop_answers_total', { source: 'rendered' }),
      layout: moved('shop_searches_total', { found: 'layout' }),
      spelling: moved('shop_searches_total', { found: 'spelling' }),
      nothing: moved('shop_searches_total', { found: 'nothing' }),
      asTyped: moved('shop_searches_total', { found: 'as-typed' }),
      latency: histogramCount(after, 'page') - histogramCount(before, 'page'),
    }).toEqual({
      pages: 4,
      api: 4,
      health: 1,
      memory: 2,
      rendered: 6,
      layout: 1,
      spelling: 1,
      nothing: 3,
      asTyped: 0,
      latency: 4,
    });
    expect(value(after, 'shop_cache_entries')).toBeGreaterThan(0);
    expect(value(after, 'shop_cache_bytes')).toBeGreaterThan(0);
    expect(value(after, 'shop_catalogue_version_info', { version: await shop.catalogueVersion() })).toBe(1);
    expect(value(after, 'shop_database_up')).toBe(1);
    expect(value(after, 'shop_ready')).toBe(1);
    for (const family of [
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
      'nodejs_eventloop_lag_seconds',
    ])
      expect(after.types.has(family), family).toBe(true);
  });

  it('counts contact messages stored, and database statements', async () => {
    const before = await scrape();
    const sent = await shop.request('/contact', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ subject: 'שאלה', message: 'האם התיפלץ מגיע עם הוראות האכלה?' }),
    });
    expect(sent.status).toBe(201);
    const after = await scrape();
    expect(value(after, 'shop_contact_messages_total') - value(before, 'shop_contact_messages_total')).toBe(1);
    expect(after.types.get('shop_db_statement_duration_seconds')).toBe('histogram');
    expect(value(after, 'shop_db_statement_duration_seconds_count', { outcome: 'ok' })).toBeGreaterThan(
      value(before, 'shop_db_statement_duration_seconds_count', { outcome: 'ok' }),
    );
  });

  it('answers on a listener of its own with METRICS_PORT, and nothing else there', async () => {
    const config = loadConfig({ METRICS_PORT: '9464' });
    expect(config.metrics).toEqual({ token: undefined, port: 9464, host: '127.0.0.1' });
    const server = metricsServer(metrics, config)!;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.address() as net.AddressInfo).port;
      expect((await scrape(port, {})).types.size).toBeGreaterThan(10);
      expect((await getOnce(port, '/')).status).toBe(404);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('never carries a shopper’s text', async () => {
    const text = await getOnce(front.port, '/metrics', { Authorization: `Bearer ${TOKEN}` });
    expect(text.body).not.toMatch(/זזזז|אאאא|דקרון/);
  });
});
