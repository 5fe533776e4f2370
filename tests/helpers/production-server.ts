/**
 * One production server (`node scripts/serve.ts`, the built shop) as a child process, for Playwright
 * specs that need their own: its own settings, its log, its process id (memory) and its exit.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export class ProductionServer {
  readonly url: string;
  readonly port: number;
  readonly log: string[] = [];
  private readonly env: Record<string, string>;
  exitCode: number | null = null;
  private child: ChildProcess | undefined;
  private exited: Promise<number | null> = Promise.resolve(null);

  constructor(port: number, env: Record<string, string>) {
    this.port = port;
    this.env = env;
    this.url = `http://127.0.0.1:${port}`;
  }

  get pid(): number {
    return this.child!.pid!;
  }

  get running(): boolean {
    return Boolean(this.child) && this.child!.exitCode === null && this.child!.signalCode === null;
  }

  /** Resident memory of the server process, in MiB (Linux). */
  rssMiB(): number {
    const status = readFileSync(`/proc/${this.pid}/status`, 'utf8');
    return Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? NaN) / 1024;
  }

  /** Starts the server; resolves once it listens and takes signals (it prints its address last). */
  async start(): Promise<void> {
    const child = spawn(process.execPath, ['scripts/serve.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: String(this.port),
        DATABASE_URL: '',
        // A shorter drain than production's 5 s: no load balancer here to notice it (a spec may set its own).
        SHUTDOWN_DRAIN_MS: '500',
        // No sign-in unless the spec gives Clerk's keys: a developer's .env does not reach the server under test.
        PUBLIC_CLERK_PUBLISHABLE_KEY: '',
        CLERK_SECRET_KEY: '',
        ...this.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    this.exited = new Promise((resolve) =>
      child.once('exit', (code) => {
        this.exitCode = code;
        resolve(code);
      }),
    );
    const listening = new Promise<void>((resolve, reject) => {
      for (const stream of [child.stdout, child.stderr]) {
        createInterface({ input: stream }).on('line', (line) => {
          this.log.push(line);
          if (line.includes(`http://127.0.0.1:${this.port}`)) resolve();
        });
      }
      void this.exited.then((code) =>
        reject(new Error(`server on ${this.port} exited (${code}):\n${this.log.join('\n')}`)),
      );
    });
    await Promise.race([
      listening,
      new Promise((_, reject) => setTimeout(() => reject(new Error(`server on ${this.port} did not start`)), 120_000)),
    ]);
  }

  /** SIGTERM; resolves to the exit code once the process is gone. */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
    if (!this.running) return this.child?.exitCode ?? null;
    this.child!.kill(signal);
    return this.exited;
  }
}

/** A spec's own server on a new SQLite database in a temporary folder; `dispose()` stops it and removes the folder. */
export function throwawayServer(
  port: number,
  env: Record<string, string> = {},
): { server: ProductionServer; dispose: () => Promise<void> } {
  const folder = mkdtempSync(join(tmpdir(), 'shop-server-'));
  const server = new ProductionServer(port, { DATABASE_PATH: join(folder, 'shop.db'), ...env });
  return {
    server,
    dispose: async () => {
      await server.stop();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
