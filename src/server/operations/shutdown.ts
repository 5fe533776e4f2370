/**
 * A graceful shutdown: unready (503) while still accepting for SHUTDOWN_DRAIN_MS, each answer closing its connection;
 * then no new connections, every request received answered, the database closed; exit code 1 past `graceMs`.
 */
import type { Server } from 'node:http';
import type { Health } from './health.ts';

interface ShutdownOptions {
  server: Server;
  health: Health;
  /** SHUTDOWN_DRAIN_MS: how long the server reports unready while it still accepts. */
  drainMs: number;
  /** How long it then waits for requests in flight before it gives up on them. */
  graceMs: number;
  /** Closes what the server holds (the database). */
  close: () => Promise<void>;
  /** Where the shutdown's steps are told. */
  say?: (message: string) => void;
  /** Waits out the drain (a timer; a test ends it when it has seen what it checks). */
  drain?: (ms: number) => Promise<unknown>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Stops the server; resolves to the process's exit code. A second call gets the first one's answer. */
export function createShutdown({
  server,
  health,
  drainMs,
  graceMs,
  close,
  say = console.log,
  drain = sleep,
}: ShutdownOptions) {
  let stopping: Promise<number> | undefined;

  async function run(signal: string): Promise<number> {
    health.draining();
    say(`${signal}: not ready; still accepting for ${drainMs} ms while load balancers notice`);
    await drain(drainMs);
    say(`${signal}: no new connections; finishing the requests in flight`);
    const finished = await new Promise<boolean>((resolve) => {
      const giveUp = setTimeout(() => resolve(false), graceMs);
      giveUp.unref();
      server.close(() => {
        clearTimeout(giveUp);
        resolve(true);
      });
      server.closeIdleConnections();
    });
    if (!finished) {
      say(`shutdown: requests still open after ${graceMs} ms; exiting`);
      return 1;
    }
    try {
      await close();
    } catch (error) {
      say(`shutdown: closing the database failed: ${error instanceof Error ? error.message : String(error)}`);
      return 1;
    }
    say('closed');
    return 0;
  }

  return (signal: string): Promise<number> => (stopping ??= run(signal));
}
