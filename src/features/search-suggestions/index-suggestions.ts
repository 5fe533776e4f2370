/**
 * The header's suggestions on a static host without an API: from the index pieces the animals list
 * searches too (src/features/animal-list/index-source.ts), with the API's rules (IndexCatalogue.suggest,
 * checked against GET /api/animals/suggest by tests/unit/static-search.test.ts). Loaded only there.
 */
import { isAbort } from '../../lib/api/errors.ts';
import { loadIndex } from '../animal-list/index-source.ts';
import type { Suggestion } from './suggestions.ts';

export async function suggestFromIndex(text: string, signal: AbortSignal): Promise<Suggestion[]> {
  try {
    const catalogue = await loadIndex();
    signal.throwIfAborted();
    return await catalogue.suggest(text, signal);
  } catch (error) {
    // A piece that did not come: no suggestions this time (the field still searches).
    if (isAbort(error)) throw error;
    return [];
  }
}
