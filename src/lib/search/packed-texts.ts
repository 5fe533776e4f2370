/**
 * Texts kept one byte a character. A JavaScript engine keeps a string whose characters are all up to
 * U+00FF one byte each and any other string two bytes each, so a Hebrew text costs twice a Latin one.
 * Here each text is kept with the Hebrew block's letters (U+05D0–U+05EF) written as U+0080–U+009F, the
 * control characters no text of the shop holds: a text is packed when it has no character above U+00FF
 * but those letters and none of U+0080–U+009F, and kept as it is otherwise. The mapping is one to one on
 * the packed texts' characters, so a packed text holds a packed query exactly when the text holds the
 * query; a query that cannot be packed has a character no packed text has, and is looked for only in the
 * texts kept as they are.
 */
const FIRST_LETTER = 0x05d0;
const LAST_LETTER = 0x05ef;
const FIRST_CONTROL = 0x80;
const LAST_CONTROL = 0x9f;
/** Characters given to String.fromCharCode at a time (far below any engine's limit on arguments). */
const CHUNK = 4096;

const codes: number[] = [];

/** `text` packed, or undefined when it has a character outside the packed alphabet. */
function pack(text: string): string | undefined {
  codes.length = 0;
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code >= FIRST_LETTER && code <= LAST_LETTER) codes.push(code - FIRST_LETTER + FIRST_CONTROL);
    else if (code > 0xff || (code >= FIRST_CONTROL && code <= LAST_CONTROL)) return undefined;
    else codes.push(code);
  }
  if (codes.length <= CHUNK) return String.fromCharCode(...codes);
  let packed = '';
  for (let at = 0; at < codes.length; at += CHUNK) packed += String.fromCharCode(...codes.slice(at, at + CHUNK));
  return packed;
}

/** The text a packed one stands for. */
function unpack(packed: string): string {
  let text = '';
  for (let at = 0; at < packed.length; at++) {
    const code = packed.charCodeAt(at);
    text +=
      code >= FIRST_CONTROL && code <= LAST_CONTROL
        ? String.fromCharCode(code - FIRST_CONTROL + FIRST_LETTER)
        : packed[at]!;
  }
  return text;
}

/** A text looked for in PackedTexts: as it is, and packed (undefined: no packed text holds it). */
interface PackedQuery {
  text: string;
  packed: string | undefined;
}

export const packedQuery = (text: string): PackedQuery => ({ text, packed: pack(text) });

/** Texts joined into one string, so that a catalogue's texts are a few large strings, not one per animal. */
const PER_CHUNK = 512;

/**
 * A list of texts, each at its place, kept packed when it can be: joined, PER_CHUNK at a time, into
 * one string each (a large string is made once, in the engine's old generation, where one per animal
 * would each be copied through its young one), each text's end in a typed array.
 */
export class PackedTexts {
  readonly #chunks: string[] = [];
  /** The texts of the last chunk, not joined yet. */
  #pending: string[] = [];
  /** Where each text ends in its chunk. */
  #ends = new Int32Array(1024);
  #length = 0;
  #pendingLength = 0;
  /** The texts kept as they are (a character outside the packed alphabet), by place. */
  readonly #unpacked = new Map<number, string>();

  get length(): number {
    return this.#length;
  }

  push(text: string): void {
    const place = this.#length++;
    const packed = pack(text);
    if (packed === undefined) this.#unpacked.set(place, text);
    const kept = packed ?? '';
    if (this.#ends.length < this.#length) {
      const larger = new Int32Array(this.#ends.length * 2);
      larger.set(this.#ends);
      this.#ends = larger;
    }
    this.#pendingLength += kept.length;
    this.#ends[place] = this.#pendingLength;
    this.#pending.push(kept);
    if (this.#pending.length === PER_CHUNK) {
      this.#chunks.push(this.#pending.join(''));
      this.#pending = [];
      this.#pendingLength = 0;
    }
  }

  /** The packed text at `place`. */
  #kept(place: number): string {
    const chunk = (place / PER_CHUNK) | 0;
    const start = place % PER_CHUNK === 0 ? 0 : this.#ends[place - 1]!;
    if (chunk === this.#chunks.length) return this.#pending[place % PER_CHUNK]!;
    return this.#chunks[chunk]!.slice(start, this.#ends[place]);
  }

  /** The text at `place`, as it was given. */
  at(place: number): string {
    return this.#unpacked.get(place) ?? unpack(this.#kept(place));
  }

  /** Is the text at `place` `text`? */
  is(place: number, text: string): boolean {
    const unpacked = this.#unpacked.get(place);
    return unpacked === undefined ? this.#kept(place) === pack(text) : unpacked === text;
  }

  /** Does the text at `place` hold `query`? */
  holds(place: number, query: PackedQuery): boolean {
    const unpacked = this.#unpacked.size > 0 ? this.#unpacked.get(place) : undefined;
    if (unpacked !== undefined) return unpacked.includes(query.text);
    return query.packed !== undefined && this.#kept(place).includes(query.packed);
  }
}
