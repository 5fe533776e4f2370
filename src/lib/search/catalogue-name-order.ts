/**
 * The catalogue index's name order (./catalogue-index.ts): the animals read whole come in name order
 * (a place's rank among them is kept), and the animals written since follow them, outside it. Their
 * places in one name order are made here by merging, not by sorting the whole catalogue again.
 */
import type { ReadMatch } from './catalogue-index-rows.ts';
import { compareBySort } from './search-rules.ts';

export const byName = compareBySort('name');

/**
 * The shown places in name order: those of `byNameOrder` (the built animals by rank), and each place
 * from `built` to `all`'s end put where it belongs; `isRemoved` places left out, `laterOrder` the
 * order of two later places.
 */
export function placesByName(
  all: readonly ReadMatch[],
  byNameOrder: Int32Array,
  built: number,
  isRemoved: (place: number) => boolean,
  laterOrder: (a: number, b: number) => number,
): Int32Array {
  const later: number[] = [];
  for (let place = built; place < all.length; place++) {
    if (!isRemoved(place)) later.push(place);
  }
  later.sort(laterOrder);
  // Each later animal's rank among the built ones (found by halving: a few comparisons each).
  const ranks = later.map((place) => {
    let low = 0;
    let high = byNameOrder.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (byName(all[byNameOrder[middle]!]!, all[place]!) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  });
  const places: number[] = [];
  let next = 0;
  byNameOrder.forEach((place, rank) => {
    while (next < later.length && ranks[next]! <= rank) places.push(later[next++]!);
    if (!isRemoved(place)) places.push(place);
  });
  while (next < later.length) places.push(later[next++]!);
  return Int32Array.from(places);
}
