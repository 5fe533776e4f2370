/** Every text of the shared layout (header, navigation, footer). */
export const layoutStrings = {
  shopName: 'חנות התיפלצים',
  tagline: 'החנות הפנטסטית למכירה חוקית של חיות דמיוניות',
  defaultDescription: 'חנות התיפלצים: החנות הפנטסטית למכירה חוקית של חיות דמיוניות. תיפלצים מכל הסוגים, במשלוח עד הבית.',
  skipToContent: 'דלג לתוכן הראשי',
  footer: (year: number) => `© ${year} חנות התיפלצים. כל התיפלצים דמיוניים, כל החיבוקים אמיתיים.`,
} as const;

/** The error box (§8). */
export const errorBoxStrings = {
  title: 'שגיאה',
  fallback: 'קרתה שגיאה בשרת. אנא נסו שוב מאוחר יותר.',
} as const;
