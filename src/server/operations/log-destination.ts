/**
 * Where the request log's lines go: standard output, written together, synchronously, once `batchMs`
 * has passed since the first waiting line or `batchBytes` are waiting, whichever comes first. A write
 * (a system call) per line, or per turn of the event loop, costs a kept answer more than its line does;
 * a batch of a few milliseconds' lines costs one. Nothing waits on the write's completion, so no buffer
 * grows while the system takes it, and lines still waiting at exit are written first.
 *
 * A pipe that is full (EAGAIN) keeps what it could not take, bounded: past `maxBacklogBytes` the oldest
 * lines are dropped and counted rather than holding the server's memory hostage to a slow reader.
 */
import { writeSync } from 'node:fs';

interface LogDestination {
  /** pino's destination interface: one serialized line, newline included. */
  write(line: string): void;
  /**
   * Room for a line written straight into `bytes` (the request line: ./request-line.ts): where it
   * starts, with at least `most` bytes free after it (what waits is written first if need be), or
   * undefined when a line that long might not fit at all; `wrote(end)` then says where it ends.
   */
  room(most: number): number | undefined;
  readonly bytes: Buffer;
  wrote(end: number): void;
  /** Writes whatever is waiting now (on shutdown, on exit). */
  flushSync(): void;
  /** pino's logger.flush(callback) calls this. */
  flush(done?: (error?: Error) => void): void;
  /** Lines dropped because the reader fell too far behind. */
  readonly dropped: number;
}

const RETRY_MS = 10;

export function batchDestination({
  fd = 1,
  batchMs = 20,
  batchBytes = 32 * 1024,
  maxBacklogBytes = 8 * 1024 * 1024,
} = {}): LogDestination {
  // Each line is encoded into this one reused buffer as it comes: a waiting line kept as a string would
  // be copied by every young-generation collection that finds it still waiting, which costs the server
  // more than making the line does.
  const waiting = Buffer.allocUnsafeSlow(2 * batchBytes);
  let used = 0;
  let backlog: Buffer | undefined;
  let batch: NodeJS.Timeout | undefined;
  let retry: NodeJS.Timeout | undefined;
  let dropped = 0;

  /** Writes `bytes` after any backlog; what the pipe does not take is copied out to wait for the next try. */
  const send = (bytes: Buffer) => {
    const all = backlog ? Buffer.concat([backlog, bytes]) : bytes;
    backlog = undefined;
    if (all.length === 0) return;
    let written = 0;
    try {
      while (written < all.length) written += writeSync(fd, all, written);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
      // What the pipe took is gone; the rest (out of the reused buffer) waits for the next try.
      const rest = Buffer.from(all.subarray(written));
      backlog = withinBound(rest, maxBacklogBytes, (count) => (dropped += count));
      retry ??= setTimeout(flushSync, RETRY_MS);
      retry.unref();
    }
  };

  const flushSync = () => {
    if (batch) clearTimeout(batch);
    batch = undefined;
    if (retry) clearTimeout(retry);
    retry = undefined;
    const bytes = waiting.subarray(0, used);
    used = 0;
    send(bytes);
  };

  const wrote = (end: number) => {
    used = end;
    if (used >= batchBytes) flushSync();
    else if (!batch) {
      batch = setTimeout(flushSync, batchMs);
      batch.unref();
    }
  };

  return {
    write(line) {
      // A UTF-16 unit takes at most three bytes in UTF-8; a line that might not fit goes after what waits.
      if (used + line.length * 3 > waiting.length) {
        flushSync();
        if (line.length * 3 > waiting.length) {
          send(Buffer.from(line));
          return;
        }
      }
      wrote(used + waiting.write(line, used));
    },
    room(most) {
      if (most > waiting.length) return undefined;
      if (used + most > waiting.length) flushSync();
      return used;
    },
    bytes: waiting,
    wrote,
    flushSync,
    flush(done) {
      try {
        flushSync();
        done?.();
      } catch (error) {
        done?.(error as Error);
      }
    },
    get dropped() {
      return dropped;
    },
  };
}

/**
 * What fits in `max` of `bytes`: its first line (the rest of one the pipe took part of must stay whole),
 * then the newest whole lines; the older ones are counted as dropped.
 */
function withinBound(bytes: Buffer, max: number, onDropped: (lines: number) => void): Buffer {
  if (bytes.length <= max) return bytes;
  const head = bytes.subarray(0, bytes.indexOf(10) + 1);
  const rest = bytes.subarray(head.length);
  const room = Math.max(0, max - head.length);
  const cut = rest.indexOf(10, rest.length - room - 1);
  const start = cut === -1 ? rest.length : cut + 1;
  let lines = 0;
  for (let at = rest.indexOf(10); at !== -1 && at < start; at = rest.indexOf(10, at + 1)) lines++;
  onDropped(lines);
  return Buffer.concat([head, rest.subarray(start)]);
}
