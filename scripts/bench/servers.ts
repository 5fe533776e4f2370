/**
 * The servers `npm run bench` measures: the production server as `npm start` runs it, and the
 * ceiling, a bare Node http server answering a fixed JSON body.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, readSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
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
 * Where a server's standard output goes: a pipe the bench reads as it runs, or a file it reads nothing of
 * while measuring, as a deployment's log file or a collector on other cores takes the lines (its lines are
 * counted afterwards, from what the file grew by).
 */
export type StdoutTo = 'pipe' | 'file';

/** Counts the lines a file has grown by since the last call. */
function fileLineCounter(path: string): () => number {
  let offset = 0;
  let lines = 0;
  const buffer = Buffer.alloc(1024 * 1024);
  return () => {
    const fd = openSync(path, 'r');
    try {
      for (let read = readSync(fd, buffer, 0, buffer.length, offset); read > 0;) {
        lines += countLines(buffer.subarray(0, read));
        offset += read;
        read = readSync(fd, buffer, 0, buffer.length, offset);
      }
    } finally {
      closeSync(fd);
    }
    return lines;
  };
}

/**
 * Spawns a server process and waits until it prints `ready` (a line containing it). Both of its
 * outputs are read for as long as it runs, as a log collector reads them: a pipe nobody reads fills up
 * and stalls the server's writes. Until it is ready its lines are kept (they explain a failed start);
 * after that they are only counted, so the bench's own memory does not grow with the request log.
 * With `stdoutTo: 'file'` standard output goes to a temporary file instead, looked at only to see the
 * ready line and to count lines between measurements.
 */
async function launch(
  args: string[],
  env: NodeJS.ProcessEnv,
  ready: string,
  port: number,
  stdoutTo: StdoutTo = 'pipe',
): Promise<Running> {
  const folder = stdoutTo === 'file' ? mkdtempSync(join(tmpdir(), 'bench-stdout-')) : undefined;
  const stdoutPath = folder && join(folder, 'stdout.log');
  const stdoutFd = stdoutPath === undefined ? undefined : openSync(stdoutPath, 'w');
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', stdoutFd ?? 'pipe', 'pipe'],
  });
  if (stdoutFd !== undefined) closeSync(stdoutFd);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const lines: string[] = [];
  let listening = false;
  let stdoutLines = 0;
  const fileLines = stdoutPath === undefined ? undefined : fileLineCounter(stdoutPath);
  child.stdout?.on('data', (chunk: Buffer) => {
    stdoutLines += countLines(chunk);
  });
  await new Promise<void>((resolve, reject) => {
    const started = () => {
      listening = true;
      clearTimeout(timer);
      clearInterval(poll);
      resolve();
    };
    const timer = setTimeout(() => {
      clearInterval(poll);
      reject(new Error(`server did not start within 3 minutes:\n${lines.join('\n')}`));
    }, 180_000);
    // A file is looked at until the ready line is in it.
    const poll = setInterval(() => {
      if (stdoutPath && !listening && readFileSync(stdoutPath, 'utf8').includes(ready)) started();
    }, 100);
    for (const stream of [child.stdout, child.stderr]) {
      let partial = '';
      stream?.on('data', (chunk: Buffer) => {
        if (listening) return;
        const text = partial + chunk.toString('utf8');
        const complete = text.split('\n');
        partial = complete.pop()!;
        for (const line of complete) {
          lines.push(line);
          if (line.includes(ready)) started();
        }
      });
    }
    void exited.then((code) => {
      clearTimeout(timer);
      clearInterval(poll);
      if (stdoutPath) lines.push(readFileSync(stdoutPath, 'utf8'));
      reject(new Error(`server exited (${code}) before it listened:\n${lines.join('\n')}`));
    });
  });
  return {
    child,
    url: `http://127.0.0.1:${port}`,
    stdoutLines: fileLines ?? (() => stdoutLines),
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      if (folder) rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** The production server as `npm start` runs it (builds first when the build is stale). */
export function startShop(
  port: number,
  databaseEnv: Record<string, string>,
  stdoutTo: StdoutTo = 'pipe',
): Promise<Running> {
  return launch(
    ['scripts/start.ts'],
    { HOST: '127.0.0.1', PORT: String(port), SEED_ON_START: 'false', DATABASE_URL: '', ...databaseEnv },
    `http://127.0.0.1:${port}`,
    port,
    stdoutTo,
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
