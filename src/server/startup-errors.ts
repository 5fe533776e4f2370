/** A failed start in one or two lines naming the setting (never DATABASE_URL's password); scripts/serve.ts prints it and exits 1. */
import { ConfigError, type Config } from './config.ts';

type Failure = NodeJS.ErrnoException & { address?: string; port?: number };

/** The error and its causes, outermost first (the migrator wraps the driver's error). */
function chain(error: unknown): Failure[] {
  const errors: Failure[] = [];
  let current: unknown = error;
  while (current instanceof Error && errors.length < 5) {
    errors.push(current);
    current = current.cause;
  }
  return errors;
}

function postgresWhere(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname || 'localhost'}:${parsed.port || 5432}${parsed.pathname}`;
  } catch {
    return 'the URL';
  }
}

const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ECONNRESET',
]);

function describeDatabase(errors: Failure[], database: Config['database']): string | undefined {
  if (database.kind === 'postgres') {
    const where = postgresWhere(database.url);
    const unreachable = errors.find(
      (error) => UNREACHABLE.has(error.code ?? '') || /timeout|terminated/i.test(error.message),
    );
    if (unreachable) {
      return `DATABASE_URL: cannot reach PostgreSQL at ${where} (${unreachable.code ?? unreachable.message}).\n  Is the server running, and are the host and port right?`;
    }
    const answered = errors.find((error) => typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code));
    if (answered?.code === '28P01' || answered?.code === '28000')
      return `DATABASE_URL: PostgreSQL at ${where} refused the user name or password (${answered.code}).`;
    if (answered?.code === '3D000')
      return `DATABASE_URL: PostgreSQL at ${where} has no such database (${answered.code}).`;
    if (answered)
      return `DATABASE_URL: PostgreSQL at ${where} refused to open the shop's database: ${answered.message.split('\n')[0]}`;
    return undefined;
  }
  const sqlite = errors.find((error) => error.code?.startsWith('SQLITE_'));
  if (!sqlite) return undefined;
  const path = `DATABASE_PATH=${database.path}`;
  if (sqlite.code === 'SQLITE_NOTADB') return `${path}: is not an SQLite database file.`;
  if (sqlite.code === 'SQLITE_CANTOPEN') return `${path}: cannot be opened or created (is its folder writable?).`;
  if (sqlite.code?.startsWith('SQLITE_READONLY'))
    return `${path}: is read-only (the file, its folder or its disk); the shop needs to write to it.`;
  if (sqlite.code?.startsWith('SQLITE_IOERR'))
    return `${path}: the disk answered with an input/output error (${sqlite.code}).`;
  if (sqlite.code === 'SQLITE_FULL') return `${path}: the disk is full.`;
  return `${path}: SQLite failed to open it: ${sqlite.message.split('\n')[0]} (${sqlite.code}).`;
}

function describeListen(error: Failure, config: Pick<Config, 'host' | 'port'>): string | undefined {
  if (error.code === 'EADDRINUSE')
    return `PORT=${config.port}: the port is already in use on HOST=${config.host}; stop the other server or choose another PORT.`;
  if (error.code === 'EACCES')
    return `PORT=${config.port}: not allowed to listen on this port (ports below 1024 need privileges).`;
  if (error.code === 'EADDRNOTAVAIL') return `HOST=${config.host}: not an address of this machine.`;
  if (error.code === 'ENOTFOUND' || error.code === 'EAI_AGAIN')
    return `HOST=${config.host}: the name does not resolve to an address.`;
  return undefined;
}

/** The start failed while opening the database (stage 'database') or while listening ('listen'). */
export function describeStartupError(
  error: unknown,
  config: Pick<Config, 'host' | 'port' | 'database'>,
  stage: 'database' | 'listen',
): string {
  if (error instanceof ConfigError) return error.message;
  const errors = chain(error);
  const described =
    stage === 'listen'
      ? describeListen(errors[0] ?? new Error(String(error)), config)
      : describeDatabase(errors, config.database);
  if (described) return described;
  const setting =
    stage === 'listen'
      ? `HOST=${config.host} PORT=${config.port}`
      : config.database.kind === 'postgres'
        ? 'DATABASE_URL'
        : `DATABASE_PATH=${config.database.path}`;
  const last = errors.at(-1);
  return `${setting}: the server could not start: ${last ? `${last.message.split('\n')[0]}${last.code ? ` (${last.code})` : ''}` : String(error)}`;
}
