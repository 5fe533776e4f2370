/**
 * The favourites page on a static host reads its animals as the page is parsed rather than once the island has
 * hydrated: the index's reader and the pieces that hold the list (a shared one's, else the shopper's own) are
 * on their way while React loads. The island's own read (./favourite-animals.ts) then finds the same pieces
 * fetched or in flight (the piece store keeps them), so nothing is fetched twice; a failure here is left to that
 * read, which shows the error box.
 */
import { sharedFavouritesIn } from '../../lib/favourites.ts';
import { animalsInIndex } from '../animal-list/index-source.ts';
import { $favourites } from './store.ts';

const ids = sharedFavouritesIn(new URLSearchParams(location.search)) ?? $favourites.get();
if (ids.length > 0) animalsInIndex(ids).catch(() => {});
