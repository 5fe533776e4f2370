/**
 * Tab kept inside a modal box (the side panel, the list's filter sheet): from its last control Tab goes
 * to its first, and Shift+Tab from the first to the last. A modal <dialog> makes the page behind inert,
 * but Tab from its last control would leave for the browser's own controls.
 */
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled])';

/** Handles a keydown inside `box`: a Tab at either end wraps around. */
export function wrapTab(box: HTMLElement, event: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'preventDefault'>): void {
  if (event.key !== 'Tab') return;
  const focusable = [...box.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => element.getClientRects().length > 0,
  );
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}
