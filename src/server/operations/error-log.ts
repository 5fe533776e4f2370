/** The error log: one JSON line per unexpected error, with method, path, request id, the error's name and message; no stack. */
import { splitTarget } from '../http/api-path.ts';
import { currentRequestId } from './request-context.ts';

/** Did the client go away mid-request? (Node: 'aborted' / ECONNRESET; fetch: AbortError.) */
function isClientGone(error: unknown): boolean {
  const failure = error as { code?: string; name?: string; message?: string } | undefined;
  return (
    failure?.code === 'ECONNRESET' ||
    failure?.code === 'ECONNABORTED' ||
    failure?.name === 'AbortError' ||
    failure?.message === 'aborted'
  );
}

export function logUnexpectedError(where: string, method: string, url: string, error: unknown): void {
  if (isClientGone(error)) return;
  let path = url;
  try {
    path = new URL(url, 'http://shop').pathname;
  } catch {
    path = splitTarget(url).path;
  }
  writeErrorLine({ where, method, path }, error);
}

/** A write refused because the disk is full: logged with what the operator must do, and the driver's code. */
export function logOutOfSpace(where: string, method: string, url: string, error: unknown): void {
  const path = URL.canParse(url, 'http://shop') ? new URL(url, 'http://shop').pathname : splitTarget(url).path;
  const code = (error as { code?: unknown } | null)?.code;
  writeErrorLine(
    {
      where,
      method,
      path,
      problem:
        "out of disk space: the write was refused with 503 and nothing of it kept; free space on the database's disk",
      ...(typeof code === 'string' ? { code } : {}),
    },
    error,
  );
}

/** An unexpected failure outside a handler's own request (a page's data), logged as one JSON line the same way. */
export function logFailure(where: string, error: unknown): void {
  if (isClientGone(error)) return;
  writeErrorLine({ where }, error);
}

function writeErrorLine(fields: Record<string, string>, error: unknown): void {
  const failure =
    error instanceof Error ? { name: error.name, message: error.message.split('\n')[0] } : { message: String(error) };
  const requestId = currentRequestId();
  console.error(JSON.stringify({ level: 'error', ...fields, ...(requestId ? { requestId } : {}), error: failure }));
}
