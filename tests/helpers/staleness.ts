/**
 * The staleness promise of the design — "a change shows on every server within a second" — asserted
 * as behaviour rather than speed: every request *sent* at least `withinMs` after the change must show
 * it. Requests sent earlier may or may not; a slow answer under load does not count against the
 * promise, because only the moment a request leaves decides whether it is held to it.
 */

/** Milliseconds of the staleness promise: each server re-reads the catalogue's version several times within it. */
const STALE_AT_MOST_MS = 1000;

const POLL_PAUSE_MS = 25;

/**
 * Asks `ask` again and again from `changedAt` (a `performance.now()` taken once the change was
 * committed) and returns the first answer that `shows` the change, or the first answer to a request
 * sent `withinMs` or more after the change, whichever comes first. The caller asserts that the answer
 * shows the change, with its own message.
 */
export async function answerHeldToPromise<T>(
  changedAt: number,
  ask: () => Promise<T>,
  shows: (answer: T) => boolean,
  withinMs = STALE_AT_MOST_MS,
): Promise<T> {
  for (;;) {
    const sentAfter = performance.now() - changedAt;
    const answer = await ask();
    if (shows(answer) || sentAfter >= withinMs) return answer;
    await new Promise((resolve) => setTimeout(resolve, POLL_PAUSE_MS));
  }
}
