/**
 * A request's log line in pino's own shape (level, time, pid, the fields, msg), written byte by byte
 * straight into the destination's reused buffer (./log-destination.ts): no string is made for the line,
 * its numbers or its constant pieces, so nothing of it is left for the collector and nothing is encoded
 * twice. The request id, method and path are written as they are when they hold only printable ASCII
 * other than `"` and `\` (as they do: request ids are of safe characters, a method is a token and a
 * path is percent-encoded), else quoted by JSON.stringify as pino would.
 */
import type { AnsweredRequest, RequestKind } from './answered-request.ts';

type LineLevel = 'debug' | 'info';

const encoded = (text: string) => new Uint8Array(Buffer.from(text, 'latin1'));

/** Whatever the process, its pid is the same on every line: part of the line's constant head. */
const HEADS: Record<LineLevel, Uint8Array> = {
  debug: encoded('{"level":20,"time":'),
  info: encoded('{"level":30,"time":'),
};
const PID_ID = encoded(`,"pid":${process.pid},"requestId":`);
const KINDS: Record<RequestKind, Uint8Array> = {
  page: encoded(',"kind":"page","method":'),
  api: encoded(',"kind":"api","method":'),
  admin: encoded(',"kind":"admin","method":'),
  static: encoded(',"kind":"static","method":'),
  health: encoded(',"kind":"health","method":'),
  metrics: encoded(',"kind":"metrics","method":'),
};
const PATH = encoded(',"path":');
const STATUS = encoded(',"status":');
const BYTES = encoded(',"bytes":');
const MS = encoded(',"ms":');
const FROM_MEMORY = encoded(',"fromMemory":true');
const NOT_FROM_MEMORY = encoded(',"fromMemory":false');
const ABORTED = encoded(',"aborted":true');
const TAIL = encoded(',"msg":"request"}\n');

/** The most bytes a line takes: its constant parts, and six for each character JSON may escape. */
export function mostBytes(answered: AnsweredRequest, path: string): number {
  return 256 + 6 * (answered.requestId.length + answered.method.length + path.length);
}

function piece(bytes: Uint8Array, at: number, constant: Uint8Array): number {
  bytes.set(constant, at);
  return at + constant.length;
}

/** A non-negative integer's decimal digits, in 32-bit integer arithmetic (a time's in two parts). */
function digits(bytes: Uint8Array, at: number, value: number): number {
  if (value > 0x7fffffff) {
    const high = Math.floor(value / 1_000_000);
    return lastDigits(bytes, digits(bytes, at, high), value - high * 1_000_000, 6);
  }
  let length = 1;
  for (let rest = value; rest >= 10; rest = (rest / 10) | 0) length += 1;
  return lastDigits(bytes, at, value, length);
}

/** The last `length` decimal digits of a 32-bit `value`, zeros in front where it has fewer. */
function lastDigits(bytes: Uint8Array, at: number, value: number, length: number): number {
  let rest = value;
  for (let index = at + length - 1; index >= at; index -= 1) {
    const next = (rest / 10) | 0;
    bytes[index] = 48 + rest - next * 10;
    rest = next;
  }
  return at + length;
}

/** Milliseconds to the hundredth, as JSON writes the number (12.35, 12.3, 12): pino's `ms`. */
function hundredths(bytes: Uint8Array, at: number, seconds: number): number {
  const value = Math.round(seconds * 100_000);
  let end = digits(bytes, at, Math.floor(value / 100));
  const fraction = value % 100;
  if (fraction === 0) return end;
  bytes[end++] = 46; // .
  bytes[end++] = 48 + Math.floor(fraction / 10);
  if (fraction % 10 !== 0) bytes[end++] = 48 + (fraction % 10);
  return end;
}

/** `text` as a JSON string: its characters as they are when none needs escaping, else JSON.stringify's. */
function quoted(bytes: Buffer, at: number, text: string): number {
  bytes[at] = 34; // "
  let end = at + 1;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x20 || code > 0x7e || code === 34 || code === 92) return at + bytes.write(JSON.stringify(text), at);
    bytes[end++] = code;
  }
  bytes[end++] = 34;
  return end;
}

/** Writes the line from `at` (with room for mostBytes); returns where it ends. */
export function writeLine(
  bytes: Buffer,
  at: number,
  level: LineLevel,
  time: number,
  answered: AnsweredRequest,
  path: string,
): number {
  let end = piece(bytes, at, HEADS[level]);
  end = digits(bytes, end, time);
  end = piece(bytes, end, PID_ID);
  end = quoted(bytes, end, answered.requestId);
  end = piece(bytes, end, KINDS[answered.kind]);
  end = quoted(bytes, end, answered.method);
  end = piece(bytes, end, PATH);
  end = quoted(bytes, end, path);
  end = piece(bytes, end, STATUS);
  end = digits(bytes, end, answered.status);
  end = piece(bytes, end, BYTES);
  end = digits(bytes, end, answered.bytes);
  end = piece(bytes, end, MS);
  end = hundredths(bytes, end, answered.seconds);
  end = piece(bytes, end, answered.source === 'memory' ? FROM_MEMORY : NOT_FROM_MEMORY);
  if (answered.aborted) end = piece(bytes, end, ABORTED);
  return piece(bytes, end, TAIL);
}
