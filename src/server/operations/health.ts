/**
 * The probes (docs/operations.md#probes): live while the process answers; ready once migrated and the index read, until
 * a shutdown begins. The database's state is reported, not obeyed: every server unready at once would help no one.
 */
import type { HeldVersion } from '../search/index.ts';

type Phase = 'starting' | 'serving' | 'draining';

interface ReadinessBody {
  ready: boolean;
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
