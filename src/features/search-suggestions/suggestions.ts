/**
 * Where the header's suggestions come from: GET {API}/animals/suggest?search=… (docs/api.md), read
 * defensively (another back end may not have the endpoint: then there are simply no suggestions).
 * No zod here: this runs on every page, within the 10 KB budget of pages without islands.
 */
import { API_BASE } from '../../lib/api/base.ts';
import { MAX_SUGGESTIONS } from '../../lib/suggestion-limit.ts';

export interface Suggestion {
  kind: 'animal' | 'category';
  name: string;
  href: string;
}

/** Wait after the last keystroke before asking (short: suggestions follow the typing). */
export const SUGGEST_DEBOUNCE_MS = 150;

function isSuggestion(value: unknown): value is Suggestion {
  if (typeof value !== 'object' || value === null) return false;
  const { kind, name, href } = value as Record<string, unknown>;
  return (
    (kind === 'animal' || kind === 'category') &&
    typeof name === 'string' &&
    typeof href === 'string' &&
    href.startsWith('/') &&
    !href.startsWith('//')
  );
}

/** The suggestions the server gives for `text` (empty on any failure; aborts are passed on). */
export async function fetchSuggestions(text: string, signal: AbortSignal, base = API_BASE): Promise<Suggestion[]> {
  let response: Response;
  try {
    response = await fetch(`${base}/animals/suggest?${new URLSearchParams({ search: text })}`, {
      credentials: 'include',
      headers: { Accept: 'application/json' },
      signal,
    });
  } catch (error) {
    if (signal.aborted) throw error;
    return [];
  }
  if (!response.ok) return [];
  const body = (await response.json().catch(() => undefined)) as { suggestions?: unknown } | undefined;
  const list = Array.isArray(body?.suggestions) ? body.suggestions : [];
  return list.filter(isSuggestion).slice(0, MAX_SUGGESTIONS);
}

/** The option after a key press: ↓ from none is the first, ↑ from none the last; both wrap. */
export function nextActive(current: number, count: number, key: 'ArrowDown' | 'ArrowUp'): number {
  if (count === 0) return -1;
  if (key === 'ArrowDown') return current < 0 || current >= count - 1 ? 0 : current + 1;
  return current <= 0 ? count - 1 : current - 1;
}
