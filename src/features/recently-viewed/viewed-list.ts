/**
 * The recently viewed animals as the browser keeps them (localStorage `recently-viewed`: a JSON list,
 * newest first, of each animal's id, name and picture, as its page showed them): at most
 * RECENTLY_VIEWED_MOST, each animal once. Pure functions, for the store and the unit tests.
 */
import { ID_PATTERN } from '../../lib/id-pattern.ts';

export const RECENTLY_VIEWED_KEY = 'recently-viewed';
export const RECENTLY_VIEWED_MOST = 12;
/** Longer texts than a name or a picture's address can be are not kept (a list someone wrote by hand). */
const LONGEST_TEXT = 500;

export interface ViewedAnimal {
  id: string;
  name: string;
  img: string;
}

const isText = (value: unknown): value is string =>
  typeof value === 'string' && value.trim() !== '' && value.length <= LONGEST_TEXT;

/** A picture's address the shop could have written: a path on the site, or an http(s) address. */
const isPicture = (value: unknown): value is string => isText(value) && /^(?:\/(?!\/)|https?:\/\/)/i.test(value);

/** One kept animal, or undefined when the entry is not one. */
function viewedAnimal(value: unknown): ViewedAnimal | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const { id, name, img } = value as Record<string, unknown>;
  return typeof id === 'string' && ID_PATTERN.test(id) && isText(name) && isPicture(img)
    ? { id, name, img }
    : undefined;
}

/** The list in a stored text; anything unreadable is left out (all of it: an empty list). */
export function decodeViewed(stored: string | null | undefined): ViewedAnimal[] {
  let value: unknown;
  try {
    value = JSON.parse(stored ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const seen = new Set<string>();
  const list: ViewedAnimal[] = [];
  for (const entry of value) {
    const animal = viewedAnimal(entry);
    if (!animal || seen.has(animal.id)) continue;
    seen.add(animal.id);
    list.push(animal);
    if (list.length === RECENTLY_VIEWED_MOST) break;
  }
  return list;
}

export const encodeViewed = (list: readonly ViewedAnimal[]): string => JSON.stringify(list);

/** The list after opening `animal`: it first, once, and the oldest past the limit dropped. */
export function withViewed(list: readonly ViewedAnimal[], animal: ViewedAnimal): ViewedAnimal[] {
  return [animal, ...list.filter((each) => each.id !== animal.id)].slice(0, RECENTLY_VIEWED_MOST);
}

/** The page's own animal as its page names it (the section's `data-current`), or undefined. */
export const currentAnimal = (text: string | undefined): ViewedAnimal | undefined => {
  if (!text) return undefined;
  try {
    return viewedAnimal(JSON.parse(text));
  } catch {
    return undefined;
  }
};
