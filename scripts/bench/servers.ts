/**
 * The servers `npm run bench` measures: the production server as `npm start` runs it, and the
 * ceiling, a bare Node http server answering a fixed JSON body.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface Running {
  child: ChildProcess;
  url: string;
  /** Lines the server has written to standard output since it started (its request log, for the shop). */
  stdoutLines(): number;
  stop(): Promise<void>;
}

const NEWLINE = 0x0a;
function countLines(chunk: Buffer): number {
  let count = 0;
  for (let at = chunk.indexOf(NEWLINE); at !== -1; at = chunk.indexOf(NEWLINE, at + 1)) count += 1;
  return count;
}

/**
 * Spawns a server process and waits until it prints `ready` (a line containing it). Both of its
 * outputs are read for as long as it runs, as a log collector reads them: a pipe nobody reads fills up
 * and stalls the server's writes. Until it is ready its lines are kept (they explain a failed start);
 * after that they are only counted, so the bench's own memory does not grow with the request log.
 */
async function launch(args: string[], env: NodeJS.ProcessEnv, ready: string, port: number): Promise<Running> {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const lines: string[] = [];
  let listening = false;
  let stdoutLines = 0;
  child.stdout.on('data', (chunk: Buffer) => {
    stdoutLines += countLines(chunk);
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start within 3 minutes:\n${lines.join('\n')}`)),
      180_000,
    );
    for (const stream of [child.stdout, child.stderr]) {
      let partial = '';
      stream.on('data', (chunk: Buffer) => {
        if (listening) return;
        const text = partial + chunk.toString('utf8');
        const complete = text.split('\n');
        partial = complete.pop()!;
        for (const line of complete) {
          lines.push(line);
          if (line.includes(ready)) {
            listening = true;
            clearTimeout(timer);
            resolve();
          }
        }
      });
    }
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before it listened:\n${lines.join('\n')}`));
    });
  });
  return {
    child,
    url: `http://127.0.0.1:${port}`,
    stdoutLines: () => stdoutLines,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** What `npm start` sets besides the script: environment variables and Node flags. */
export interface ServerSettings {
  env: Record<string, string>;
  flags: string[];
}

/**
 * `npm start`'s settings, read from package.json's `start` script (`NAME=value … node --flag … scripts/start.ts`),
 * so the bench measures the server exactly as `npm start` runs it.
 */
export function npmStartSettings(): ServerSettings {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const words = pkg.scripts.start!.trim().split(/\s+/);
  const env: Record<string, string> = {};
  let at = 0;
  for (; /^[A-Z_][A-Z0-9_]*=/.test(words[at] ?? ''); at += 1) {
    const [name, ...value] = words[at]!.split('=');
    env[name!] = value.join('=');
  }
  if (words[at] !== 'node') throw new Error(`package.json's start script does not run node: ${pkg.scripts.start}`);
  const flags: string[] = [];
  for (at += 1; words[at]?.startsWith('--'); at += 1) flags.push(words[at]!);
  return { env, flags };
}

/** No settings: Node's and glibc's defaults. */
export const DEFAULT_SETTINGS: ServerSettings = { env: {}, flags: [] };

/** The production server as `npm start` runs it (builds first when the build is stale), with `settings`. */
export function startShop(
  port: number,
  databaseEnv: Record<string, string>,
  settings: ServerSettings = npmStartSettings(),
): Promise<Running> {
  return launch(
    [...settings.flags, 'scripts/start.ts'],
    {
      ...settings.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      SEED_ON_START: 'false',
      DATABASE_URL: '',
      ...(process.env.BENCH_SERVER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS } : {}),
      ...databaseEnv,
    },
    `http://127.0.0.1:${port}`,
    port,
  );
}

/** The ceiling: a bare Node http server answering a fixed JSON body of about one animal's size. */
const BARE_BODY = JSON.stringify({
  _id: '0123456789abcdef01234567',
  slug: 'bare-node',
  name: 'תיפלץ קבוע',
  description: 'תשובה קבועה של שרת Node חשוף, בערך בגודל של תיפלץ אחד, כדי למדוד את התקרה של המכונה הזאת.',
  img: '/art/animals/bare-node.svg',
  price: 1234,
  countInStock: 5,
  rating: 4.5,
  numReviews: 42,
  category: 'bare',
});
export function startBare(port: number): Promise<Running> {
  const program = `
    const body = Buffer.from(process.env.BARE_BODY);
    require('node:http').createServer((request, response) => {
      response.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': body.length });
      response.end(body);
    }).listen(${port}, '127.0.0.1', () => console.log('bare listening'));
    process.on('SIGTERM', () => process.exit(0));`;
  return launch(['-e', program], { BARE_BODY }, 'bare listening', port);
}
