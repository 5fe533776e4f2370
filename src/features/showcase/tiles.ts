/** The home showcase's tiles: the category list repeated three times, the first 15, in rows of 5. */
import type { Category } from '../../lib/schemas.ts';

const SHOWCASE_REPEAT = 3;
export const SHOWCASE_ROW_LENGTH = 5;
export const SHOWCASE_TILE_COUNT = 15;

export interface ShowcaseTile {
  /** Unique on the page: the copy number prefixes the category id. */
  id: string;
  category: Category;
}

/** The list repeated three times with prefixed ids, cut to the first 15 and split in rows of five. */
export function showcaseRows(categories: readonly Category[]): ShowcaseTile[][] {
  const tiles: ShowcaseTile[] = [];
  for (let copy = 1; copy <= SHOWCASE_REPEAT; copy += 1) {
    for (const category of categories) tiles.push({ id: `showcase-${copy}-${category._id}`, category });
  }
  const shown = tiles.slice(0, SHOWCASE_TILE_COUNT);
  const rows: ShowcaseTile[][] = [];
  for (let start = 0; start < shown.length; start += SHOWCASE_ROW_LENGTH) {
    rows.push(shown.slice(start, start + SHOWCASE_ROW_LENGTH));
  }
  return rows;
}
