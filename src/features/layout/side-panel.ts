/**
 * The side panel's behaviour beyond what <dialog> does by itself: open and close where
 * invoker commands are missing, close on the backdrop and on any item, keep Tab inside,
 * and give focus back to the toggle. Tab is kept inside every open dialog marked
 * `data-tab-wrap` (the side panel, the list's filter sheet) from here, for the whole page.
 * A module with nothing to export: ./frame-behaviours.ts imports it for its effect.
 */
export {};

/**
 * In an open dialog marked `data-tab-wrap`, Tab from its last control goes to its first and Shift+Tab
 * from the first to the last: a modal dialog makes the page behind inert, but Tab from its last control
 * would leave for the browser's own controls.
 */
document.addEventListener('keydown', (event) => {
  const box = event.key === 'Tab' && (event.target as Element).closest?.('dialog[data-tab-wrap][open]');
  if (!box) return;
  const controls = box.querySelectorAll<HTMLElement>('a[href],button,input,select');
  const [from, to] = event.shiftKey ? [0, controls.length - 1] : [controls.length - 1, 0];
  if (document.activeElement !== controls[from]) return;
  event.preventDefault();
  controls[to]?.focus();
});

const panel = document.querySelector<HTMLDialogElement>('#side-panel');
const toggle = document.querySelector<HTMLButtonElement>('#side-panel-toggle');

if (panel && toggle) {
  const hasCommands = 'command' in HTMLButtonElement.prototype;
  if (!hasCommands) {
    toggle.addEventListener('click', () => panel.showModal());
    panel.querySelector('[data-side-panel-close]')?.addEventListener('click', () => panel.close());
  }

  panel.addEventListener('close', () => toggle.focus());

  panel.addEventListener('click', (event) => {
    // A click on the dialog box itself is a click on the backdrop (the content fills the box).
    if (event.target === panel) {
      const box = panel.getBoundingClientRect();
      const inside =
        event.clientX >= box.left &&
        event.clientX <= box.right &&
        event.clientY >= box.top &&
        event.clientY <= box.bottom;
      if (!inside) panel.close();
      return;
    }
    if ((event.target as Element).closest('a[href]')) panel.close();
  });

  // Back to a wide screen with the panel open: the bar shows the navigation again.
  matchMedia('(min-width: 64rem)').addEventListener('change', (query) => {
    if (query.matches && panel.open) panel.close();
  });
}
