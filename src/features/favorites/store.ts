/**
 * The favourites in the browser, shared by every script and island that imports it: `$favourites` is the list
 * (animals' ids, newest first) kept in localStorage by @nanostores/persistent, so it outlives the tab and
 * follows in every other tab at once (the storage event). A signed-in shopper's changes also wait in the
 * outbox until the account has them (./account-sync.ts).
 */
import { persistentAtom } from '@nanostores/persistent';
import { FAVOURITES_KEY, OUTBOX_KEY } from './markers.ts';
import {
  decodeFavourites,
  decodeOutbox,
  encodeFavourites,
  encodeOutbox,
  withChange,
  type Change,
} from './favourite-list.ts';

export const $favourites = persistentAtom<readonly string[]>(FAVOURITES_KEY, [], {
  encode: encodeFavourites,
  decode: decodeFavourites,
});

/** localStorage, or nothing where the browser refuses it (private modes): the favourites then last the page. */
function storage(): Storage | undefined {
  try {
    return localStorage;
  } catch {
    return undefined;
  }
}

export function readOutbox(): Change[] {
  return decodeOutbox(storage()?.getItem(OUTBOX_KEY));
}

function writeOutbox(changes: readonly Change[]): void {
  try {
    if (changes.length === 0) storage()?.removeItem(OUTBOX_KEY);
    else storage()?.setItem(OUTBOX_KEY, encodeOutbox(changes));
  } catch {
    // Full or refused: the change stays in this page's list.
  }
}

/** Empties the outbox, returning what was in it. */
export function takeOutbox(): Change[] {
  const changes = readOutbox();
  writeOutbox([]);
  return changes;
}

/** Takes `sent` off the outbox's start, if it is still there (another tab may have sent it first). */
export function dropSent(sent: readonly Change[]): void {
  const now = readOutbox();
  const still = sent.every((change, index) => now[index]?.[0] === change[0] && now[index]?.[1] === change[1]);
  if (still) writeOutbox(now.slice(sent.length));
}

let wakeAccount: (() => void) | undefined;

/** Signed in: from now on every change also goes into the outbox, and `wake` is told (./account-sync.ts). */
export function sendChangesTo(wake: () => void): void {
  wakeAccount = wake;
}

/** A shopper's change: shown and kept at once. False when the list is full and it would add one. */
export function setFavourite(id: string, on: boolean): boolean {
  const current = $favourites.get();
  const next = withChange(current, [id, on]);
  if (!next) return false;
  if (next === current) return true;
  $favourites.set(next);
  if (wakeAccount) {
    writeOutbox([...readOutbox(), [id, on]]);
    wakeAccount();
  }
  return true;
}
