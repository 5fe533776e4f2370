/** Texts of the similar animals on an animal's page. */
export const similarStrings = {
  title: 'תיפלצים דומים',
} as const;
