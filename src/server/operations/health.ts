/**
 * The probes (docs/operations.md#probes): `/health/live` says the process answers; `/health/ready` says
 * whether this server can serve shoppers — once the database is migrated (before the server listens) and
 * the search's catalogue index has been read, and until a shutdown begins (then 503 while it drains, so a
 * load balancer stops sending shoppers before the server stops accepting).
 *
 * The database's state is reported, not obeyed: with PostgreSQL gone every server would turn unready at
 * once, and a load balancer with nowhere to send shoppers helps no one, while cached pages and answers still
 * come from memory (src/server/search/catalogue-version.ts). Checking it is the catalogue version's reading,
 * which every request shares and which goes to the database at most every 250 ms.
 */
import type { HeldVersion } from '../search/index.ts';

type Phase = 'starting' | 'serving' | 'draining';

interface ReadinessBody {
  ready: boolean;
  /** Why not ready (absent when ready). */
  reason?: string;
  database: 'reachable' | 'unreachable';
  /** The catalogue version this server holds (null before its first reading). */
  catalogueVersion: string | null;
  /** Seconds since this server last read the catalogue version from the database (null: never). */
  behindSeconds: number | null;
}

interface HealthSource {
  /** Reads the catalogue version (the process's shared, rate-limited reader). */
  catalogueVersion: (() => Promise<string>) & { held(): HeldVersion<string> | undefined };
  /** How long the probe waits for the database before calling it unreachable. */
  databaseTimeoutMs?: number | undefined;
}

const REASONS: Record<Exclude<Phase, 'serving'>, string> = {
  starting: 'starting: reading the catalogue index',
  draining: 'shutting down: draining connections',
};

/** Waits at most `ms` for `promise`; settles false when it failed or took longer. */
function within(promise: Promise<unknown>, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    promise.then(
      () => {
        clearTimeout(timer);
        resolve(true);
      },
      () => {
        clearTimeout(timer);
        resolve(false);
      },
    );
  });
}

export function createHealth({ catalogueVersion, databaseTimeoutMs = 2000 }: HealthSource) {
  let phase: Phase = 'starting';

  /** The database's state as the last reading of the version found it. */
  async function database(): Promise<ReadinessBody['database']> {
    const answered = await within(catalogueVersion(), databaseTimeoutMs);
    const held = catalogueVersion.held();
    return answered && held?.failedAt === undefined ? 'reachable' : 'unreachable';
  }

  return {
    get phase(): Phase {
      return phase;
    },
    /** Migrated, the catalogue index read: shoppers may come. */
    serving(): void {
      if (phase === 'starting') phase = 'serving';
    },
    /** A shutdown began: report unready from now on. */
    draining(): void {
      phase = 'draining';
    },
    /** The readiness probe's status and body. */
    async readiness(): Promise<{ status: number; body: ReadinessBody }> {
      const state = await database();
      const held = catalogueVersion.held();
      const body: ReadinessBody = {
        ready: phase === 'serving',
        ...(phase === 'serving' ? {} : { reason: REASONS[phase] }),
        database: state,
        catalogueVersion: held?.version ?? null,
        behindSeconds: held ? Math.max(0, Math.round((performance.now() - held.readAt) / 100) / 10) : null,
      };
      return { status: body.ready ? 200 : 503, body };
    },
  };
}

export type Health = ReturnType<typeof createHealth>;
