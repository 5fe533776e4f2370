/** What the purchase dialog's shell (PurchaseDialog.astro) hands to the form drawn in it (PurchaseForm.tsx). */

export const PURCHASE_DIALOG_ID = 'purchase';
export const PURCHASE_TITLE_ID = 'purchase-title';
export const PURCHASE_TEXT_ID = 'purchase-text';

export interface PurchaseDetails {
  name: string;
  price: number;
  /** countInStock: the largest quantity. The page has no dialog at 0. */
  stock: number;
}

/** The details the shell carries (`data-purchase`), or undefined when they are not there or not whole. */
export function readPurchaseDetails(text: string | undefined): PurchaseDetails | undefined {
  try {
    const value = JSON.parse(text ?? '') as Partial<PurchaseDetails>;
    if (typeof value.name === 'string' && typeof value.price === 'number' && typeof value.stock === 'number')
      return { name: value.name, price: value.price, stock: value.stock };
  } catch {
    // Not JSON: no details.
  }
  return undefined;
}
