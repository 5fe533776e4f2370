/**
 * Catalogue answers kept in memory, keyed by what was asked (origin, path, query) and valid for
 * one catalogue version (src/server/db/catalogue-version.ts): when the version changes, everything
 * kept goes. Bounded by a number of answers and by their bytes (bodies; their compressed copies are
 * smaller and at most two each); the oldest leaves first.
 */
import type { PreparedAnswer } from '../api/responses.ts';

/** Bytes of kept bodies per server, at most. */
export const MAX_KEPT_BYTES = 64 * 1024 * 1024;

export class AnswerCache {
  readonly #entries = new Map<string, PreparedAnswer>();
  readonly #maxEntries: number;
  readonly #maxBytes: number;
  #bytes = 0;
  #version: string | undefined;

  constructor(maxEntries: number, maxBytes = MAX_KEPT_BYTES) {
    this.#maxEntries = maxEntries;
    this.#maxBytes = maxBytes;
  }

  get bytes(): number {
    return this.#bytes;
  }

  get size(): number {
    return this.#entries.size;
  }

  get(key: string, version: string): PreparedAnswer | undefined {
    if (version !== this.#version) {
      this.#entries.clear();
      this.#bytes = 0;
      this.#version = version;
      return undefined;
    }
    return this.#entries.get(key);
  }

  /** Keeps an answer built while the catalogue was at `version` (dropped if that is no longer current). */
  set(key: string, version: string, answer: PreparedAnswer): void {
    const size = answer.body.length;
    if (version !== this.#version || this.#maxEntries < 1 || size > this.#maxBytes / 16 || this.#entries.has(key))
      return;
    while (this.#entries.size > 0 && (this.#entries.size >= this.#maxEntries || this.#bytes + size > this.#maxBytes)) {
      const [oldestKey, oldest] = this.#entries.entries().next().value!;
      this.#entries.delete(oldestKey);
      this.#bytes -= oldest.body.length;
    }
    this.#entries.set(key, answer);
    this.#bytes += size;
  }
}
