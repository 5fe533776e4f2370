/**
 * On PostgreSQL, every process that opens the shop's database (a server, the owner's commands) keeps one
 * connection to it open for as long as it runs — the pool may close all of its own when idle. PostgreSQL
 * refuses to rename a database anyone is connected to, so `npm run restore` (./backup/postgres-restore.ts)
 * cannot swap the database under a running server, and it names the connections it found. A connection
 * that drops (PostgreSQL restarted) is opened again every few seconds.
 */
import type { Client } from 'pg';

const RETRY_MS = 5000;

export async function holdPostgresConnection(
  url: string,
  applicationName: string,
  connectTimeoutMs: number,
): Promise<{ close(): Promise<void> }> {
  const { default: pg } = await import('pg');
  let client: Client | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let closed = false;

  const again = () => {
    client = undefined;
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, RETRY_MS);
    retry.unref();
  };
  async function connect(): Promise<void> {
    const next = new pg.Client({
      connectionString: url,
      application_name: applicationName,
      connectionTimeoutMillis: connectTimeoutMs,
    });
    let failed = false;
    next.on('error', (error) => {
      if (failed) return; // a connection ended by PostgreSQL reports it twice (its message, then the socket)
      failed = true;
      console.error(
        `[db] an idle PostgreSQL connection failed: the one this process keeps open (so that a restore knows it runs): ${error.message}; it is opened again in ${RETRY_MS / 1000} s`,
      );
      again();
    });
    next.on('end', again);
    try {
      await next.connect();
      if (closed) await next.end();
      else client = next;
    } catch {
      again();
    }
  }

  await connect();
  return {
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await client?.end().catch(() => {});
    },
  };
}
