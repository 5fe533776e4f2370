/** Texts of the similar animals on an animal's page, and of the light cards lists of animals show. */
import { sharedStrings } from '../../lib/strings.ts';

export const similarStrings = {
  title: 'תיפלצים דומים',
  priceLabel: sharedStrings.priceLabel,
} as const;
