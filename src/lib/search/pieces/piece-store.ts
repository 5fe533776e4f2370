/**
 * The index pieces a browser has fetched (./layout.ts), kept for every later search. The engine's
 * functions run synchronously over them (./pieced-catalogue.ts): whatever a step reads that is not
 * here yet is noted, the step stops with MissingPieces naming all of it, the pieces are fetched at
 * once, and the step runs again — so a search fetches only what it reads, a few rounds deep, and a
 * search whose pieces are all here needs no network at all.
 */
import type { IndexManifest } from './layout.ts';

/** Fetches one piece by name (./layout.ts piece), its bytes as written. */
export type LoadPiece = (name: string) => Promise<Uint8Array>;

class MissingPieces extends Error {
  readonly names: readonly string[];

  constructor(names: readonly string[]) {
    super(`index pieces not fetched yet: ${names.join(', ')}`);
    this.name = 'MissingPieces';
    this.names = names;
  }
}

/** More rounds than any search takes: a step that keeps asking for what it was given is a fault, not a wait. */
const MOST_ROUNDS = 24;

export class PieceStore {
  readonly manifest: IndexManifest;
  readonly #load: LoadPiece;
  /** Fetched and not read yet; read (decoded once). */
  readonly #fetched = new Map<string, Uint8Array>();
  readonly #read = new Map<string, unknown>();
  readonly #loading = new Map<string, Promise<void>>();
  /** What the step running now asked for and did not find. */
  readonly #wanted = new Set<string>();

  constructor(manifest: IndexManifest, load: LoadPiece) {
    this.manifest = manifest;
    this.#load = load;
  }

  /** The piece `name` as `read` makes it, or undefined (noted as wanted) when it is not fetched yet. */
  get<T>(name: string, read: (bytes: Uint8Array) => T): T | undefined {
    if (this.#read.has(name)) return this.#read.get(name) as T;
    const bytes = this.#fetched.get(name);
    if (!bytes) {
      this.#wanted.add(name);
      return undefined;
    }
    const value = read(bytes);
    this.#read.set(name, value);
    this.#fetched.delete(name);
    return value;
  }

  /** Notes `name` as wanted unless it is here (fetched ahead of the step that reads it). */
  want(name: string): void {
    if (!this.#read.has(name) && !this.#fetched.has(name)) this.#wanted.add(name);
  }

  /** Has the running step asked for a piece that is not here? */
  get missing(): boolean {
    return this.#wanted.size > 0;
  }

  /** Ends a step: MissingPieces when it asked for a piece that is not here. */
  settle(): void {
    if (this.#wanted.size === 0) return;
    const names = [...this.#wanted];
    this.#wanted.clear();
    throw new MissingPieces(names);
  }

  /** `step`'s value, fetching what it asks for between runs. */
  async answer<T>(step: () => T, signal?: AbortSignal): Promise<T> {
    for (let round = 0; round < MOST_ROUNDS; round++) {
      this.#wanted.clear();
      try {
        const value = step();
        this.settle();
        return value;
      } catch (error) {
        // A step that stumbled over what it had not fetched yet waits for it like one that stopped.
        const names = error instanceof MissingPieces ? error.names : [...this.#wanted];
        this.#wanted.clear();
        if (names.length === 0) throw error;
        await Promise.all(names.map((name) => this.#fetch(name)));
        signal?.throwIfAborted();
      }
    }
    throw new Error('the search kept asking for index pieces');
  }

  /** One fetch per piece however many steps wait for it; a failed one is tried again next time. */
  #fetch(name: string): Promise<void> {
    if (this.#read.has(name) || this.#fetched.has(name)) return Promise.resolve();
    let loading = this.#loading.get(name);
    if (!loading) {
      loading = this.#load(name).then(
        (bytes) => {
          this.#loading.delete(name);
          this.#fetched.set(name, bytes);
        },
        (error: unknown) => {
          this.#loading.delete(name);
          throw error;
        },
      );
      this.#loading.set(name, loading);
    }
    return loading;
  }
}
