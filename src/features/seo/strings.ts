/** Texts of the SEO feature: link previews, structured data, sitemaps. */
export const seoStrings = {
  home: 'דף הבית',
  /** The alt text of a link preview picture. */
  animalImageAlt: (name: string, price: string) => `${name}, ${price}, בחנות התיפלצים`,
  categoryImageAlt: (name: string) => `הקטגוריה ${name} בחנות התיפלצים`,
  shopImageAlt: 'חנות התיפלצים: חיות דמיוניות למכירה',
  soldOut: 'אזל מהמלאי',
  inCategory: (count: string) => `${count} תיפלצים בקטגוריה`,
  shopKicker: 'החנות הפנטסטית',
  shopNote: 'חיות דמיוניות, חיבוקים אמיתיים',
} as const;
