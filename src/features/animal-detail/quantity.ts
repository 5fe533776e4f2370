/** The purchase dialog's quantity: a whole number from 1 to the animal's stock. */

export const MIN_QUANTITY = 1;

type QuantityProblem = 'empty' | 'notWhole' | 'belowMin' | 'aboveMax';

export interface QuantityCheck {
  /** The nearest allowed quantity. */
  value: number;
  /** Why the typed text was not allowed as it is, if it was not. */
  problem?: QuantityProblem;
}

/** Checks what the shopper typed against 1..max and gives the nearest allowed quantity. */
export function checkQuantity(typed: string, max: number): QuantityCheck {
  const top = Math.max(MIN_QUANTITY, Math.floor(max));
  const text = typed.trim();
  if (text === '') return { value: MIN_QUANTITY, problem: 'empty' };
  const number = Number(text);
  if (!Number.isFinite(number)) return { value: MIN_QUANTITY, problem: 'notWhole' };
  if (number < MIN_QUANTITY) return { value: MIN_QUANTITY, problem: 'belowMin' };
  if (number > top) return { value: top, problem: 'aboveMax' };
  if (!Number.isInteger(number)) return { value: Math.max(MIN_QUANTITY, Math.floor(number)), problem: 'notWhole' };
  return { value: number };
}
