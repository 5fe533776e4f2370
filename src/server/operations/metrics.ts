/** The server's metrics in the Prometheus text format (prom-client, one registry per server); docs/operations.md#metrics. */
import client from 'prom-client';
import type { OpenDatabase } from '../db/database.ts';
import type { Shop } from '../shop.ts';
import type { Health } from './health.ts';
import type { AnsweredRequest } from './answered-request.ts';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** From a cache hit (a fraction of a millisecond) to a slow render or a large search. */
const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const STATEMENT_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5];

type MetricsSources = Pick<Shop, 'cache' | 'catalogueVersion' | 'catalogue' | 'stored' | 'backups' | 'outOfSpace'> & {
  database: Pick<OpenDatabase, 'pool' | 'observeStatements'>;
  health: Health;
};

export function createMetrics({
  cache,
  catalogueVersion,
  catalogue,
  stored,
  backups,
  outOfSpace,
  database,
  health,
}: MetricsSources) {
  const registers = [new client.Registry()];
  const [register] = registers as [client.Registry];
  client.collectDefaultMetrics({ register });

  const requests = new client.Counter({
    name: 'shop_http_requests_total',
    help: 'Requests answered, by kind (page, api, admin, static, health), method and status class.',
    labelNames: ['kind', 'method', 'status'] as const,
    registers,
  });
  const latency = new client.Histogram({
    name: 'shop_http_request_duration_seconds',
    help: 'From a request’s arrival to its answer’s last byte, by kind.',
    labelNames: ['kind'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const answers = new client.Counter({
    name: 'shop_answers_total',
    help: 'Pages, API answers and static files sent from the response cache (a cache hit) or rendered for the request.',
    labelNames: ['source'] as const,
    registers,
  });
  const searches = new client.Counter({
    name: 'shop_searches_total',
    help: 'Shoppers’ searches (a first page of a text typed), by what they found: as typed, after a layout or spelling correction, or nothing.',
    labelNames: ['found'] as const,
    registers,
  });
  for (const found of ['as-typed', 'layout', 'spelling', 'nothing']) searches.inc({ found }, 0);
  for (const source of ['memory', 'rendered']) answers.inc({ source }, 0);

  new client.Gauge({
    name: 'shop_cache_bytes',
    help: 'Bytes of answers in the response cache (bodies, compressed copies, headers).',
    registers,
    collect() {
      this.set(cache.bytes);
    },
  });
  new client.Gauge({
    name: 'shop_cache_entries',
    help: 'Answers in the response cache.',
    registers,
    collect() {
      this.set(cache.size);
    },
  });
  new client.Counter({
    name: 'shop_cache_evictions_total',
    help: 'Cached answers evicted to make room (not those dropped by a catalogue change).',
    registers,
    collect() {
      this.reset();
      this.inc(cache.evictions);
    },
  });
  new client.Counter({
    name: 'shop_contact_messages_total',
    help: 'Contact messages stored by this server since it started.',
    registers,
    collect() {
      this.reset();
      this.inc(stored.contactMessages);
    },
  });

  new client.Gauge({
    name: 'shop_ready',
    help: '1 when /health/ready answers 200 (migrated, catalogue index read, not shutting down).',
    registers,
    collect() {
      this.set(health.phase === 'serving' ? 1 : 0);
    },
  });
  new client.Gauge({
    name: 'shop_database_up',
    help: '1 when the last reading of the catalogue version reached the database.',
    registers,
    collect() {
      const held = catalogueVersion.held();
      this.set(held && held.failedAt === undefined ? 1 : 0);
    },
  });
  new client.Gauge({
    name: 'shop_catalogue_version_info',
    help: 'The catalogue version this server holds (value 1, the version as a label).',
    labelNames: ['version'] as const,
    registers,
    collect() {
      this.reset();
      const held = catalogueVersion.held();
      if (held) this.set({ version: held.version }, 1);
    },
  });
  new client.Gauge({
    name: 'shop_catalogue_behind_seconds',
    help: 'Seconds since this server last read the catalogue version from the database.',
    registers,
    collect() {
      const held = catalogueVersion.held();
      this.set(held ? Math.max(0, (performance.now() - held.readAt) / 1000) : 0);
    },
  });
  new client.Gauge({
    name: 'shop_catalogue_changed_timestamp_seconds',
    help: 'When this server last saw the catalogue version change (Unix time).',
    registers,
    collect() {
      this.set((catalogueVersion.held()?.changedAt ?? 0) / 1000);
    },
  });
  new client.Gauge({
    name: 'shop_catalogue_index_read_seconds',
    help: 'How long reading the search’s catalogue index took, the last time (applying a change).',
    registers,
    collect() {
      this.set(catalogue.searchIndexReading()?.seconds ?? 0);
    },
  });
  new client.Gauge({
    name: 'shop_catalogue_index_read_timestamp_seconds',
    help: 'When the search’s catalogue index was last read (Unix time; 0: never).',
    registers,
    collect() {
      this.set((catalogue.searchIndexReading()?.at ?? 0) / 1000);
    },
  });

  const statements = new client.Histogram({
    name: 'shop_db_statement_duration_seconds',
    help: 'Database statements and how long each took, by outcome.',
    labelNames: ['outcome'] as const,
    buckets: STATEMENT_BUCKETS,
    registers,
  });
  database.observeStatements((seconds, failed) => statements.observe({ outcome: failed ? 'error' : 'ok' }, seconds));
  new client.Gauge({
    name: 'shop_db_pool_connections',
    help: 'PostgreSQL pool: connections open (total), idle, and requests waiting for one. Absent on SQLite.',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const pool = database.pool();
      if (!pool) return;
      for (const [state, count] of Object.entries(pool)) this.set({ state }, count);
    },
  });

  new client.Gauge({
    name: 'shop_backup_last_success_timestamp_seconds',
    help: 'When the newest good backup (written and checked) finished, whichever server or command took it (Unix time; 0: none).',
    registers,
    async collect() {
      this.set(((await backups.lastGood())?.at.getTime() ?? 0) / 1000);
    },
  });
  new client.Gauge({
    name: 'shop_backup_last_success_bytes',
    help: 'The size of the newest good backup, in bytes (0: none).',
    registers,
    async collect() {
      this.set((await backups.lastGood())?.bytes ?? 0);
    },
  });
  new client.Counter({
    name: 'shop_backup_failures_total',
    help: 'Scheduled backups this server tried that failed (a full disk, the database gone).',
    registers,
    collect() {
      this.reset();
      this.inc(backups.failures);
    },
  });
  new client.Counter({
    name: 'shop_writes_refused_out_of_space_total',
    help: 'Writes (contact messages, the owner’s saves) refused with 503 because the disk was full; nothing of them was kept.',
    registers,
    collect() {
      this.reset();
      this.inc(outOfSpace.refused);
    },
  });
  new client.Gauge({
    name: 'shop_out_of_space_timestamp_seconds',
    help: 'When this server last refused a write because the disk was full (Unix time; 0: never).',
    registers,
    collect() {
      this.set(outOfSpace.lastAt / 1000);
    },
  });

  return {
    contentType: register.contentType,
    /** The metrics, in the text format. */
    text: () => register.metrics(),
    /** Counts one answered request (probes under kind `health`; /metrics itself is not counted). */
    observe(answered: AnsweredRequest): void {
      if (answered.kind === 'metrics') return;
      const method = METHODS.has(answered.method) ? answered.method : 'other';
      const status = `${Math.floor(answered.status / 100)}xx`;
      requests.inc({ kind: answered.kind, method, status });
      latency.observe({ kind: answered.kind }, answered.seconds);
      if (answered.source) answers.inc({ source: answered.source === 'memory' ? 'memory' : 'rendered' });
      if (answered.search) searches.inc({ found: answered.search.found });
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
