/** Texts of the animals list and the animal card. */
export const animalStrings = {
  title: 'כל התיפלצים',
  description: 'כל התיפלצים של החנות במקום אחד: חפשו לפי שם או תיאור ומיינו לפי שם או לפי מחיר.',
  formLabel: 'חיפוש ומיון ברשימת התיפלצים',
  searchLabel: 'חיפוש בשם ובתיאור',
  searchPlaceholder: 'חיפוש...',
  sortLabel: 'מיון',
  sortByName: 'לפי שם',
  sortByPrice: 'לפי מחיר',
  loading: 'מחפש תיפלצים…',
  count: (count: number) => (count === 0 ? 'לא נמצאו תיפלצים' : count === 1 ? 'נמצא תיפלץ אחד' : `נמצאו ${count} תיפלצים`),
  noMatchTitle: 'לא מצאנו אף תיפלץ',
  noMatch: (query: string) =>
    query
      ? `אין תיפלץ ששמו או תיאורו מכילים "${query}". נסו מילה אחרת, או מחקו את החיפוש כדי לראות את כולם.`
      : 'עוד אין תיפלצים בחנות. הם בדרך!',
  resultsLabel: 'תוצאות החיפוש',
  ratingLabel: (rating: string) => `דירוג ${rating} מתוך 5`,
  priceLabel: 'מחיר',
} as const;
