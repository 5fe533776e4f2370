/**
 * Catalogue answers kept in memory, keyed by what was asked (origin, path, query) and valid for
 * one catalogue version (src/server/db/catalogue-version.ts): when the version changes, everything
 * kept goes. Bounded by a number of answers; the oldest leaves first.
 */
import type { PreparedAnswer } from './http.ts';

export class AnswerCache {
  readonly #entries = new Map<string, PreparedAnswer>();
  readonly #maxEntries: number;
  #version = Number.NaN;

  constructor(maxEntries: number) {
    this.#maxEntries = maxEntries;
  }

  get size(): number {
    return this.#entries.size;
  }

  get(key: string, version: number): PreparedAnswer | undefined {
    if (version !== this.#version) {
      this.#entries.clear();
      this.#version = version;
      return undefined;
    }
    return this.#entries.get(key);
  }

  /** Keeps an answer built while the catalogue was at `version` (dropped if that is no longer current). */
  set(key: string, version: number, answer: PreparedAnswer): void {
    if (version !== this.#version || this.#maxEntries < 1) return;
    if (this.#entries.size >= this.#maxEntries) this.#entries.delete(this.#entries.keys().next().value!);
    this.#entries.set(key, answer);
  }
}
