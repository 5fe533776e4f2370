/**
 * Similar animals ("תיפלצים דומים" on an animal's page), from the catalogue index (./catalogue-index.ts),
 * for the Node server and the static build alike — "more like this", as search engines call it:
 * - the animals of the same category come first, then the others;
 * - within each, by the words they share with the animal (its stored words: ./search-words.ts), each
 *   shared word weighing by its rarity — log(shown animals ÷ animals with the word), in thousandths,
 *   whole, so that sums are exact in any order — more first, then in name order;
 * - only the animal's rarest words are read: the rarest always, then the next while the animals that have
 *   them number at most WALKED_MOST together (a word nearly every animal has tells nothing, and walking
 *   long lists is what an animal's page would wait for);
 * - an animal of another category with no such word is not similar; one of the same category is, after
 *   those sharing words, in name order.
 * Everything it reads is the same for an index kept current by the change feed and one read whole at
 * the same catalogue version (the words' counts leave removed animals out), so a server and a static
 * build of one catalogue give the same list.
 */
import type { CatalogueIndex } from './catalogue-index.ts';
import { compareCodePoints, firstInOrder } from './search-rules.ts';

/** How many similar animals a page shows. */
export const SIMILAR_MOST = 8;

/** The most animals the words read may have together, past the rarest word's own. */
const WALKED_MOST = 6_000;

/** Each animal's score and the stamp of the call that set it, per index (reused by every call). */
interface Scratch {
  scores: Float64Array;
  stamps: Uint32Array;
  stamp: number;
}
const scratches = new WeakMap<CatalogueIndex, Scratch>();

function scratchFor(index: CatalogueIndex, places: number): Scratch {
  let scratch = scratches.get(index);
  if (!scratch || scratch.scores.length < places) {
    const room = Math.ceil(places * 1.25);
    scratch = { scores: new Float64Array(room), stamps: new Uint32Array(room), stamp: 0 };
    scratches.set(index, scratch);
  }
  if (scratch.stamp === 0xffffffff) {
    scratch.stamps.fill(0);
    scratch.stamp = 0;
  }
  scratch.stamp++;
  return scratch;
}

/** The ids of the animals most like the shown animal `id`, best first (none when it is not shown). */
export function similarAnimals(index: CatalogueIndex, id: string, limit = SIMILAR_MOST): string[] {
  const place = index.placeOf(id);
  if (place === undefined || limit <= 0) return [];
  const category = index.keysAt(place).category;
  const shown = index.size;
  const words = index
    .wordsAt(place)
    .map((word) => ({ word, animals: index.animalsWith(word) }))
    .filter(({ animals }) => animals > 1)
    .sort((a, b) => a.animals - b.animals || compareCodePoints(a.word, b.word));

  const { scores, stamps, stamp } = scratchFor(index, index.places);
  const same: number[] = [];
  const others: number[] = [];
  let walked = 0;
  for (const [position, { word, animals }] of words.entries()) {
    walked += animals;
    // The rarest word is always read; the next ones while they stay within WALKED_MOST together.
    if (position > 0 && walked > WALKED_MOST) break;
    const weight = Math.round(1000 * Math.log(shown / animals));
    if (weight <= 0) continue;
    index.eachWith(word, (other) => {
      if (other === place) return;
      if (stamps[other] !== stamp) {
        stamps[other] = stamp;
        scores[other] = 0;
        (index.keysAt(other).category === category ? same : others).push(other);
      }
      scores[other]! += weight;
    });
  }

  const byScore = (a: number, b: number) => scores[b]! - scores[a]! || index.compareNames(a, b);
  const ids = firstInOrder(same, byScore, limit).map((chosen) => index.keysAt(chosen).id);
  if (ids.length < limit) {
    // Every animal of the category sharing a word is taken: the rest of it follows in name order.
    const taken = new Set([id, ...ids]);
    for (const animal of index.inOrder('name')) {
      if (ids.length >= limit) break;
      if (animal.category === category && !taken.has(animal.id)) ids.push(animal.id);
    }
  }
  for (const chosen of firstInOrder(others, byScore, limit - ids.length)) ids.push(index.keysAt(chosen).id);
  return ids;
}
