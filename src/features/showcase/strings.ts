/** Texts of the home page and its showcase. */
export const showcaseStrings = {
  pageTitle: 'החנות הפנטסטית לחיות דמיוניות',
  pageDescription:
    'חנות התיפלצים: החנות הפנטסטית למכירה חוקית של חיות דמיוניות. כבשות ענן, דרקוני מעמקים וחתלתולות רוח מחכים לבית חם.',
  heading: 'ברוכים הבאים לחנות התיפלצים',
  lead: 'החנות הפנטסטית למכירה חוקית של חיות דמיוניות. גללו והכירו את הקטגוריות שלנו.',
  showcaseLabel: 'הקטגוריות שלנו',
  loading: 'טוען קטגוריות…',
  allProducts: 'לכל התיפלצים',
  allCategories: 'לכל הקטגוריות',
} as const;
