/**
 * On PostgreSQL every process keeps one connection open while it runs: PostgreSQL refuses to rename a database anyone
 * is connected to, so `npm run restore` cannot swap it under a running server. A dropped connection is opened again.
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
