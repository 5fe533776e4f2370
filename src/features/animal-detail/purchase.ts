/**
 * The purchase dialog's behaviour beyond what <dialog> and invoker commands do by themselves
 * (PurchaseDialog.astro): its form is drawn the first time the shopper shows an intent (a pointer over
 * the button, focus on it, a touch) or presses it, whichever comes first, and at once if the dialog
 * was opened before this script ran. Also: open and close where invoker commands are missing, close on
 * the backdrop where `closedby` is missing, and give focus back to the button.
 * A module with nothing to export: ../layout/frame-behaviours.ts imports it for its effect.
 */
import { PURCHASE_DIALOG_ID, readPurchaseDetails } from './purchase-details.ts';

export {};

const dialog = document.querySelector<HTMLDialogElement>(`dialog#${PURCHASE_DIALOG_ID}[data-purchase]`);
const button = document.querySelector<HTMLButtonElement>(`button[commandfor="${PURCHASE_DIALOG_ID}"]`);
const details = readPurchaseDetails(dialog?.dataset.purchase);

if (dialog && button && details) {
  let drawn: Promise<void> | undefined;
  const draw = (): Promise<void> =>
    (drawn ??= (async () => {
      const [{ createElement }, { createRoot }, { default: PurchaseForm }] = await Promise.all([
        import('react'),
        import('react-dom/client'),
        import('./PurchaseForm.tsx'),
      ]);
      const place = dialog.querySelector<HTMLElement>('[data-purchase-form]');
      if (place) createRoot(place).render(createElement(PurchaseForm, { ...details, dialog }));
    })());
  const drawSoon = () => void draw().catch((error: unknown) => console.error(error));

  for (const intent of ['pointerover', 'focusin', 'touchstart'] as const)
    button.addEventListener(intent, drawSoon, { once: true, passive: true });
  dialog.addEventListener('toggle', drawSoon, { once: true });
  if (dialog.open) drawSoon();

  if (!('command' in HTMLButtonElement.prototype)) {
    button.addEventListener('click', () => dialog.showModal());
    dialog.addEventListener('click', (event) => {
      if ((event.target as Element).closest('[command="close"]')) dialog.close();
    });
  }
  if (!('closedBy' in HTMLDialogElement.prototype)) {
    // A click on the dialog box itself, outside its content, is a click on the backdrop.
    dialog.addEventListener('click', (event) => {
      const box = dialog.getBoundingClientRect();
      const inside =
        event.clientX >= box.left &&
        event.clientX <= box.right &&
        event.clientY >= box.top &&
        event.clientY <= box.bottom;
      if (event.target === dialog && !inside) dialog.close();
    });
  }
  dialog.addEventListener('close', () => button.focus());
}
