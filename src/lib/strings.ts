/** Hebrew texts that more than one feature says (the server and the browser alike): said once, here. */
import { SNIPPET_LIMIT, truncateDescription } from './format.ts';

export const sharedStrings = {
  /** The server failed: the API's 500 message and the error box's fallback. */
  serverError: 'קרתה שגיאה בשרת. אנא נסו שוב מאוחר יותר.',
  /** How stars read aloud (an animal card, an animal's page). */
  ratingLabel: (rating: string) => `דירוג ${rating} מתוך 5`,
  priceLabel: 'מחיר',
  /** An animal's stock (its page, the favourites). */
  inStock: (count: number) => `${count} במלאי`,
  soldOut: 'אזל מהמלאי',
  /** The page description of one animal or one category (its own description cut as a search result would). */
  pageDescription: (name: string, description: string) =>
    `${name} בחנות התיפלצים: ${truncateDescription(description, SNIPPET_LIMIT)}`,
} as const;
