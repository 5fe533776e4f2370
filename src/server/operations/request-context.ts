/** What the front knows of the request being answered, wherever the answer is made (AsyncLocalStorage): its id, cache hit or miss, its search. */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { PreparedResponse } from '../http/prepared-response.ts';

/** A shopper's search, as answered: its text, and whether it found animals as typed, after a correction, or none. */
export interface SearchOutcome {
  text: string;
  found: 'as-typed' | 'layout' | 'spelling' | 'nothing';
}

export interface RequestContext {
  readonly id: string;
  /** Kept (the edge's cache) or made for this request; undefined for what the edge does not keep (POST, errors). */
  source: 'memory' | 'made' | undefined;
  search: SearchOutcome | undefined;
}

const storage = new AsyncLocalStorage<RequestContext>();
/** What each answer's search found, kept with the answer for as long as the answer lives. */
const searches = new WeakMap<PreparedResponse, SearchOutcome>();

export function withRequest<T>(context: RequestContext, answer: () => T): T {
  return storage.run(context, answer);
}

export function currentRequestId(): string | undefined {
  return storage.getStore()?.id;
}

/** The search the request being answered made (the catalogue's search tells it; a later call replaces it). */
export function noteSearch(outcome: SearchOutcome): void {
  const context = storage.getStore();
  if (context) context.search = outcome;
}

/** The edge's answer: kept (`memory`) or made now; a made answer keeps its search's outcome with it. */
export function noteAnswer(answer: PreparedResponse, source: 'memory' | 'made'): void {
  const context = storage.getStore();
  if (!context) return;
  context.source = source;
  if (source === 'made' && context.search) searches.set(answer, context.search);
  else if (source === 'memory') context.search = searches.get(answer);
}
