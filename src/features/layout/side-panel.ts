/**
 * The side panel's behaviour beyond what <dialog> does by itself: open and close where
 * invoker commands are missing, close on the backdrop and on any item, keep Tab inside,
 * and give focus back to the toggle.
 * A module with nothing to export: ./frame-behaviours.ts imports it for its effect.
 */
import { wrapTab } from '../../lib/tab-wrap.ts';

export {};

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

  panel.addEventListener('keydown', (event) => wrapTab(panel, event));

  // Back to a wide screen with the panel open: the bar shows the navigation again.
  matchMedia('(min-width: 64rem)').addEventListener('change', (query) => {
    if (query.matches && panel.open) panel.close();
  });
}
