/**
 * What the one front (./front.ts) knows about the request being answered, wherever the answer is made:
 * its id (every error line of the request carries it: ./log.ts) and whether the answer came from memory
 * (the edge says so: ./edge.ts). Carried by AsyncLocalStorage, so that no handler passes it along.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface RequestContext {
  readonly id: string;
  /** The answer was a kept one (the edge's cache), not rendered or made for this request. */
  fromMemory: boolean;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** Runs `answer` as the request `context` describes. */
export function withRequest<T>(context: RequestContext, answer: () => T): T {
  return storage.run(context, answer);
}

/** The id of the request being answered, if any. */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.id;
}

/** The answer of the request being answered came from memory. */
export function noteFromMemory(): void {
  const context = storage.getStore();
  if (context) context.fromMemory = true;
}
