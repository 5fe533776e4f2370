/** Every text of the shared layout (header, navigation, side panel, search, footer). */
export const layoutStrings = {
  shopName: 'חנות התיפלצים',
  tagline: 'החנות הפנטסטית למכירה חוקית של חיות דמיוניות',
  defaultDescription: 'חנות התיפלצים: החנות הפנטסטית למכירה חוקית של חיות דמיוניות. תיפלצים מכל הסוגים, במשלוח עד הבית.',
  skipToContent: 'דלג לתוכן הראשי',
  logoLabel: 'חנות התיפלצים, לדף הבית',
  navLabel: 'ניווט ראשי',
  /** The navigation list of §2, in this order. The 404 link is shown too (the spec leaves it open). */
  nav: [
    { href: '/', label: 'דף הבית' },
    { href: '/categories', label: 'קטגוריות' },
    { href: '/products', label: 'כל התיפלצים' },
    { href: '/about', label: 'אודות' },
    { href: '/contact', label: 'צור קשר' },
    { href: '/404', label: 'דף 404' },
  ],
  openMenu: 'פתיחת התפריט',
  closeMenu: 'סגירת התפריט',
  menuTitle: 'תפריט',
  searchLabel: 'חיפוש תיפלצים',
  searchPlaceholder: 'חיפוש תיפלצים...',
  searchSubmit: 'חיפוש',
  footerNote: 'כל התיפלצים דמיוניים, כל החיבוקים אמיתיים.',
} as const;

/** The error box (§8). */
export const errorBoxStrings = {
  title: 'שגיאה',
  fallback: 'קרתה שגיאה בשרת. אנא נסו שוב מאוחר יותר.',
} as const;
