/**
 * One full garbage collection when the server falls quiet after a burst of renders. Rendering pages
 * makes much short-lived memory, and each render's answer is a Buffer outside V8's heap: when a burst
 * ends (a crawler, a campaign's visitors), V8 has no reason to collect again, so the dead Buffers and
 * the grown heap stay in the process until the next burst. A collection once nobody is waiting
 * costs no request anything and gives that memory back.
 * Needs `gc` exposed (`node --expose-gc`, as `npm start` runs the server); without it this does nothing.
 */
import { fullCollection } from '../full-collection.ts';

/** The server counts as quiet when nothing has been rendered for this long. */
export const QUIET_MS = 5000;
/** Renders since the last collection before a quiet moment is worth one (a few pages make little garbage). */
export const RENDERS_WORTH_COLLECTING = 200;

export interface QuietCollector {
  /** A page or answer was rendered now. */
  rendered(): void;
}

export function quietCollector(collect: (() => void) | undefined = fullCollection()): QuietCollector {
  if (!collect) return { rendered: () => {} };
  let renders = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const collectNow = () => {
    timer = undefined;
    renders = 0;
    collect();
  };
  return {
    rendered() {
      renders += 1;
      if (renders < RENDERS_WORTH_COLLECTING) return;
      clearTimeout(timer);
      timer = setTimeout(collectNow, QUIET_MS);
      // A server that is stopping does not wait for it.
      timer.unref();
    },
  };
}
