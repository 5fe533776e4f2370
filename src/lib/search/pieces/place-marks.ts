/**
 * Sets of animals over lists of places, as the catalogue's words combine theirs
 * (../catalogue-words.ts withEvery): marks per animal, stamped per call so that they are never cleared.
 */
import { nextStamp } from '../catalogue-words.ts';

export class PlaceMarks {
  #seen: Uint32Array;
  #counts: Uint16Array;
  #stamp = 0;

  constructor(animals: number) {
    this.#seen = new Uint32Array(animals);
    this.#counts = new Uint16Array(animals);
  }

  /**
   * Calls `each` once with every place that is, for every group, in one of that group's lists: the
   * union within a group, the intersection between groups.
   */
  every(groups: readonly (readonly ArrayLike<number>[])[], each: (place: number) => void): void {
    if (groups.length > 0xfffe) throw new RangeError('more groups than a count holds');
    const stamp = (this.#stamp = nextStamp(this.#stamp, this.#seen));
    const seen = this.#seen;
    const counts = this.#counts;
    const last = groups.length;
    groups.forEach((lists, group) => {
      for (const places of lists) {
        for (let at = 0; at < places.length; at++) {
          const place = places[at]!;
          if (group === 0) {
            if (seen[place] === stamp) continue;
            seen[place] = stamp;
            counts[place] = 1;
          } else if (seen[place] !== stamp || counts[place] !== group) continue;
          else counts[place] = group + 1;
          if (group + 1 === last) each(place);
        }
      }
    });
  }
}
