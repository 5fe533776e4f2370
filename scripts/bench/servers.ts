/**
 * The servers `npm run bench` measures: the production server as `npm start` runs it, and the
 * ceiling, a bare Node http server answering a fixed JSON body. A server's standard output goes to a
 * file, as a deployment's log file (the bench reads it only to see the ready line and to count lines
 * between measurements); its standard error is read for as long as it runs.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, readSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { httpGet } from './http-get.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface Running {
  child: ChildProcess;
  url: string;
  /** Lines the server has written to standard output since it started (its request log, for the shop). */
  stdoutLines(): number;
  stop(): Promise<void>;
}

/** Counts the lines a file has grown by since the last call. */
function fileLineCounter(path: string): () => number {
  let offset = 0;
  let lines = 0;
  const buffer = Buffer.alloc(1024 * 1024);
  return () => {
    const fd = openSync(path, 'r');
    try {
      for (let read = readSync(fd, buffer, 0, buffer.length, offset); read > 0;) {
        for (let at = buffer.indexOf(10); at !== -1 && at < read; at = buffer.indexOf(10, at + 1)) lines += 1;
        offset += read;
        read = readSync(fd, buffer, 0, buffer.length, offset);
      }
    } finally {
      closeSync(fd);
    }
    return lines;
  };
}

/** Spawns a server process and waits until a line of its output contains `ready`. */
async function launch(args: string[], env: NodeJS.ProcessEnv, ready: string, port: number): Promise<Running> {
  const folder = mkdtempSync(join(tmpdir(), 'bench-stdout-'));
  const stdoutPath = join(folder, 'stdout.log');
  const stdoutFd = openSync(stdoutPath, 'w');
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', stdoutFd, 'pipe'],
  });
  closeSync(stdoutFd);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const errors: string[] = [];
  child.stderr?.on('data', (chunk: Buffer) => errors.length < 200 && errors.push(chunk.toString('utf8')));
  const output = () => `${readFileSync(stdoutPath, 'utf8').slice(0, 20_000)}\n${errors.join('')}`;
  await new Promise<void>((resolve, reject) => {
    const stopWaiting = () => {
      clearTimeout(timer);
      clearInterval(poll);
    };
    const timer = setTimeout(() => {
      stopWaiting();
      reject(new Error(`server did not start within 3 minutes:\n${output()}`));
    }, 180_000);
    const poll = setInterval(() => {
      if (output().includes(ready)) {
        stopWaiting();
        resolve();
      }
    }, 100);
    void exited.then((code) => {
      stopWaiting();
      reject(new Error(`server exited (${code}) before it listened:\n${output()}`));
    });
  });
  return {
    child,
    url: `http://127.0.0.1:${port}`,
    stdoutLines: fileLineCounter(stdoutPath),
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** The production server as `npm start` runs it (builds first when the build is stale). */
export function startShop(port: number, databaseEnv: Record<string, string>): Promise<Running> {
  return launch(
    ['scripts/start.ts'],
    { HOST: '127.0.0.1', PORT: String(port), SEED_ON_START: 'false', DATABASE_URL: '', ...databaseEnv },
    `http://127.0.0.1:${port}`,
    port,
  );
}

/**
 * The ceiling: a bare Node http server answering every GET with one body — at first a fixed JSON body of
 * about one animal's size; `PUT /` replaces it (and its Content-Type and Content-Encoding) with the
 * bytes of the answer measured next, so each row is set against a server sending the same bytes.
 */
const BARE_BODY = JSON.stringify({
  _id: '0123456789abcdef01234567',
  slug: 'bare-node',
  name: 'תיפלץ קבוע',
  description: 'תשובה קבועה של שרת Node חשוף, בערך בגודל של תיפלץ אחד, כדי למדוד את התקרה של המכונה הזאת.',
  price: 1234,
  countInStock: 5,
});
export function startBare(port: number): Promise<Running> {
  const program = `
    let body = Buffer.from(process.env.BARE_BODY);
    let headers = { 'Content-Type': 'application/json; charset=utf-8' };
    require('node:http').createServer((request, response) => {
      if (request.method === 'PUT') {
        const chunks = [];
        request.on('data', (chunk) => chunks.push(chunk)).on('end', () => {
          body = Buffer.concat(chunks);
          headers = { 'Content-Type': request.headers['content-type'] };
          if (request.headers['content-encoding']) headers['Content-Encoding'] = request.headers['content-encoding'];
          response.end();
        });
        return;
      }
      response.writeHead(200, { ...headers, 'Content-Length': body.length });
      response.end(body);
    }).listen(${port}, '127.0.0.1', () => console.log('bare listening'));
    process.on('SIGTERM', () => process.exit(0));`;
  return launch(['-e', program], { BARE_BODY }, 'bare listening', port);
}

/** Makes the bare server send the bytes `server` answers `path` with (asked with `headers`, as the load asks). */
export async function sameBytes(bare: Running, server: Running, path: string, headers: Record<string, string> = {}) {
  const answer = await httpGet(`${server.url}${path}`, headers);
  const put: Record<string, string> = { 'content-type': String(answer.headers['content-type'] ?? 'text/plain') };
  if (answer.headers['content-encoding']) put['content-encoding'] = String(answer.headers['content-encoding']);
  const response = await fetch(bare.url, { method: 'PUT', headers: put, body: new Uint8Array(answer.body) });
  await response.arrayBuffer();
}
