/**
 * The favourites list's rules in the browser, as pure functions (the store, the account's sync, the inline
 * script's tests): how it is kept in localStorage, what a change does to it, and how a browser's list joins
 * an account's. A list is animals' ids, newest first, each once, at most MAX_FAVOURITES.
 */
import { MAX_FAVOURITES, cleanFavourites, isAnimalId } from '../../lib/favourites.ts';

/** One change: an animal's id and whether it is now a favourite. */
export type Change = readonly [id: string, on: boolean];

export function decodeFavourites(stored: string | null | undefined): string[] {
  if (!stored) return [];
  try {
    return cleanFavourites(JSON.parse(stored));
  } catch {
    return [];
  }
}

export const encodeFavourites = (ids: readonly string[]): string => JSON.stringify(ids);

export function decodeOutbox(stored: string | null | undefined): Change[] {
  if (!stored) return [];
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry: unknown): Change[] =>
    Array.isArray(entry) && isAnimalId(entry[0]) && (entry[1] === 1 || entry[1] === 0)
      ? [[entry[0], entry[1] === 1]]
      : [],
  );
}

export const encodeOutbox = (changes: readonly Change[]): string =>
  JSON.stringify(changes.map(([id, on]) => [id, on ? 1 : 0]));

/**
 * The list after one change: a new favourite first, a removed one gone; the same list when nothing changes;
 * undefined when the list is full and the change would add one.
 */
export function withChange(ids: readonly string[], [id, on]: Change): readonly string[] | undefined {
  const has = ids.includes(id);
  if (on === has) return ids;
  if (!on) return ids.filter((kept) => kept !== id);
  if (ids.length >= MAX_FAVOURITES) return undefined;
  return [id, ...ids];
}

/** The list after every change in order, and how many additions the limit refused. */
export function withChanges(
  ids: readonly string[],
  changes: readonly Change[],
): { ids: readonly string[]; refused: number } {
  let list = ids;
  let refused = 0;
  for (const change of changes) {
    const next = withChange(list, change);
    if (next) list = next;
    else refused++;
  }
  return { ids: list, refused };
}

/**
 * A browser's own list joining an account's on sign-in, nothing lost on either side: the browser's favourites
 * the account lacks come first (they are the newest), in their order, then the account's. As changes (so that
 * they are applied like any other, also on a newer copy of the account's list), and how many of the browser's
 * did not fit under the limit (the newest are kept).
 */
export function joiningChanges(
  local: readonly string[],
  account: readonly string[],
): { changes: Change[]; left: number } {
  const missing = local.filter((id) => !account.includes(id));
  const fit = missing.slice(0, Math.max(0, MAX_FAVOURITES - account.length));
  return { changes: fit.reverse().map((id): Change => [id, true]), left: missing.length - fit.length };
}

export const sameList = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((id, index) => id === b[index]);
