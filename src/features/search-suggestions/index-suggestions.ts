/**
 * The header's suggestions on a static host without an API: from the prebuilt index the animals list
 * searches too (src/features/animal-list/index-source.ts), with the API's rules (IndexCatalogue.suggest,
 * checked against GET /api/animals/suggest by tests/unit/static-search.test.ts). Loaded only there.
 */
import { loadIndex } from '../animal-list/index-source.ts';
import type { Suggestion } from './suggestions.ts';

export async function suggestFromIndex(text: string, signal: AbortSignal): Promise<Suggestion[]> {
  let catalogue;
  try {
    catalogue = await loadIndex();
  } catch {
    return [];
  }
  signal.throwIfAborted();
  return catalogue.suggest(text);
}
