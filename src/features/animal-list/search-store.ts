/**
 * The animals search text, shared by the header's search form and the animals list's
 * search box so that both show the same text.
 */
import { atom } from 'nanostores';

export const $searchText = atom('');
