/**
 * The one cache in front of Astro and the API (docs/decisions/0011-page-cache.md): prepared answers of pages, API
 * answers and static files. Catalogue answers are valid for one catalogue version, content pages for one content
 * version, static files for the release. Bounded by entries and by bytes, least recently used first; one render per key.
 */
import { LRUCache } from 'lru-cache';
import { sizeOf, type PreparedResponse } from './prepared-response.ts';

/** What a cached answer is kept for: a version of the catalogue (or of `kind`), or the release (static files). */
export type Validity = { version: string; kind?: string } | 'release';

const CATALOGUE = 'catalogue';

interface Entry {
  answer: PreparedResponse;
  version: string | undefined;
  kind: string | undefined;
}

interface CacheLimits {
  maxEntries: number;
  maxBytes: number;
}

export class ResponseCache {
  readonly #entries: LRUCache<string, Entry> | undefined;
  readonly #pending = new Map<string, Promise<PreparedResponse>>();
  readonly #versions = new Map<string, string>();
  #evictions = 0;

  constructor({ maxEntries, maxBytes }: CacheLimits) {
    this.#entries =
      maxEntries > 0 && maxBytes > 0
        ? new LRUCache<string, Entry>({
            max: maxEntries,
            maxSize: maxBytes,
            // One answer may take at most a sixteenth of the cache.
            maxEntrySize: Math.max(1, Math.floor(maxBytes / 16)),
            sizeCalculation: (entry, key) => sizeOf(entry.answer) + key.length,
            dispose: (_entry, _key, reason) => {
              if (reason === 'evict') this.#evictions++;
            },
          })
        : undefined;
  }

  /** Bytes held (as lru-cache counts them). */
  get bytes(): number {
    return this.#entries?.calculatedSize ?? 0;
  }

  get size(): number {
    return this.#entries?.size ?? 0;
  }

  /** Answers dropped to make room for others, since the start (not those a catalogue change dropped). */
  get evictions(): number {
    return this.#evictions;
  }

  /** `kind` is at `version` now: answers of that kind built under another one go. */
  #see(kind: string, version: string): void {
    if (version === this.#versions.get(kind)) return;
    this.#versions.set(kind, version);
    if (!this.#entries) return;
    for (const [key, entry] of this.#entries.entries())
      if (entry.kind === kind && entry.version !== version) this.#entries.delete(key);
  }

  get(key: string, validity: Validity): PreparedResponse | undefined {
    if (validity !== 'release') this.#see(validity.kind ?? CATALOGUE, validity.version);
    const entry = this.#entries?.get(key);
    if (entry && validity !== 'release' && entry.kind !== (validity.kind ?? CATALOGUE)) return undefined;
    return entry?.answer;
  }

  /** Keeps an answer (built under `validity`; dropped when that version is no longer the current one). */
  set(key: string, validity: Validity, answer: PreparedResponse): void {
    if (!this.#entries) return;
    const version = validity === 'release' ? undefined : validity.version;
    const kind = validity === 'release' ? undefined : (validity.kind ?? CATALOGUE);
    if (kind !== undefined && version !== this.#versions.get(kind)) return;
    this.#entries.set(key, { answer, version, kind });
  }

  /** Counts a cached answer's bytes again (a compressed copy was added to it). */
  recount(key: string, answer: PreparedResponse): void {
    const entry = this.#entries?.peek(key);
    if (entry?.answer === answer) this.#entries!.set(key, { ...entry });
  }

  /** The cached answer, else the one `render` makes (concurrent misses share it), kept when `keep` says so. */
  async through(
    key: string,
    validity: Validity,
    render: () => Promise<PreparedResponse>,
    keep: (answer: PreparedResponse) => boolean,
  ): Promise<PreparedResponse> {
    const hit = this.get(key, validity);
    if (hit) return hit;
    const flight = `${validity === 'release' ? '' : `${validity.kind ?? CATALOGUE} ${validity.version}`}\u0000${key}`;
    const pending = this.#pending.get(flight);
    if (pending) return pending;
    const rendering = render().then(
      (answer) => {
        this.#pending.delete(flight);
        if (keep(answer)) this.set(key, validity, answer);
        return answer;
      },
      (error: unknown) => {
        this.#pending.delete(flight);
        throw error;
      },
    );
    this.#pending.set(flight, rendering);
    return rendering;
  }
}
