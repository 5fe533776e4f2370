/**
 * The index pieces' bytes (./layout.ts): unsigned varints (7 bits a byte, low first), doubles, and
 * strings as UTF-8 with their length, or front-coded against the string before them (the units they
 * share, then the rest) in a sorted list. Plain TypeScript over Uint8Array, for the build and the browser.
 */

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export class ByteWriter {
  #bytes = new Uint8Array(64);
  #view = new DataView(this.#bytes.buffer);
  length = 0;

  #room(more: number): void {
    if (this.length + more <= this.#bytes.length) return;
    let size = this.#bytes.length * 2;
    while (size < this.length + more) size *= 2;
    const larger = new Uint8Array(size);
    larger.set(this.#bytes.subarray(0, this.length));
    this.#bytes = larger;
    this.#view = new DataView(larger.buffer);
  }

  byte(value: number): void {
    this.#room(1);
    this.#bytes[this.length++] = value;
  }

  /** A whole number from 0 to 2^53. */
  varint(value: number): void {
    if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`not a varint: ${value}`);
    this.#room(8);
    let rest = value;
    while (rest >= 0x80) {
      this.#bytes[this.length++] = (rest % 0x80) | 0x80;
      rest = Math.floor(rest / 0x80);
    }
    this.#bytes[this.length++] = rest;
  }

  double(value: number): void {
    this.#room(8);
    this.#view.setFloat64(this.length, value, true);
    this.length += 8;
  }

  bytes(value: Uint8Array): void {
    this.#room(value.length);
    this.#bytes.set(value, this.length);
    this.length += value.length;
  }

  text(value: string): void {
    const utf8 = encoder.encode(value);
    this.varint(utf8.length);
    this.bytes(utf8);
  }

  /** `value` after `previous` in a list: the code units they share (never half a pair), then the rest. */
  frontCoded(value: string, previous: string): void {
    let shared = 0;
    const most = Math.min(value.length, previous.length);
    while (shared < most && value.charCodeAt(shared) === previous.charCodeAt(shared)) shared++;
    // A shared high surrogate whose low half differs stays with the rest.
    if (shared > 0 && shared < value.length && isHighSurrogate(value.charCodeAt(shared - 1))) shared--;
    this.varint(shared);
    this.text(value.slice(shared));
  }

  done(): Uint8Array {
    return this.#bytes.slice(0, this.length);
  }
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

export class ByteReader {
  readonly #bytes: Uint8Array;
  readonly #view: DataView;
  at = 0;

  constructor(bytes: Uint8Array) {
    this.#bytes = bytes;
    this.#view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  byte(): number {
    if (this.at >= this.#bytes.length) throw new RangeError('read past the end of a piece');
    return this.#bytes[this.at++]!;
  }

  varint(): number {
    let value = 0;
    let scale = 1;
    for (;;) {
      const byte = this.byte();
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) return value;
      scale *= 0x80;
    }
  }

  double(): number {
    const value = this.#view.getFloat64(this.at, true);
    this.at += 8;
    return value;
  }

  bytes(length: number): Uint8Array {
    if (this.at + length > this.#bytes.length) throw new RangeError('read past the end of a piece');
    const value = this.#bytes.subarray(this.at, this.at + length);
    this.at += length;
    return value;
  }

  text(): string {
    return decoder.decode(this.bytes(this.varint()));
  }

  frontCoded(previous: string): string {
    const shared = this.varint();
    return previous.slice(0, shared) + this.text();
  }

  get ended(): boolean {
    return this.at >= this.#bytes.length;
  }
}

/** A number as a whole count of `scale`ths when it is exactly one (1 + that count), else 0 and the double. */
export function writeScaled(writer: ByteWriter, value: number, scale: number): void {
  const scaled = Math.round(value * scale);
  if (Number.isSafeInteger(scaled) && scaled >= 0 && scaled / scale === value && !Object.is(value, -0)) {
    writer.varint(scaled + 1);
  } else {
    writer.varint(0);
    writer.double(value);
  }
}

export function readScaled(reader: ByteReader, scale: number): number {
  const code = reader.varint();
  return code === 0 ? reader.double() : (code - 1) / scale;
}
