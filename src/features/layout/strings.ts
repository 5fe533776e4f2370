import { sharedStrings } from '../../lib/strings.ts';
import {
  ABOUT_PATH,
  CATEGORIES_PATH,
  CONTACT_PATH,
  HOME_PATH,
  NOT_FOUND_PATH,
  PRODUCTS_PATH,
} from '../../lib/paths.ts';

/** Every text of the shared layout (header, navigation, side panel, search, footer). */
export const layoutStrings = {
  shopName: 'חנות התיפלצים',
  tagline: 'החנות הפנטסטית למכירה חוקית של חיות דמיוניות',
  defaultDescription:
    'חנות התיפלצים: החנות הפנטסטית למכירה חוקית של חיות דמיוניות. תיפלצים מכל הסוגים, במשלוח עד הבית.',
  skipToContent: 'דלג לתוכן הראשי',
  logoLabel: 'חנות התיפלצים, לדף הבית',
  navLabel: 'ניווט ראשי',
  /** The same links in the side panel: a landmark of its own, so a name of its own. */
  panelNavLabel: 'ניווט ראשי בתפריט',
  /** The header's navigation, in this order. The 404 link is shown too (the spec leaves it open). */
  nav: [
    { href: HOME_PATH, label: 'דף הבית' },
    { href: CATEGORIES_PATH, label: 'קטגוריות' },
    { href: PRODUCTS_PATH, label: 'כל התיפלצים' },
    { href: ABOUT_PATH, label: 'אודות' },
    { href: CONTACT_PATH, label: 'צור קשר' },
    { href: NOT_FOUND_PATH, label: 'דף 404' },
  ],
  openMenu: 'פתיחת התפריט',
  closeMenu: 'סגירת התפריט',
  menuTitle: 'תפריט',
  searchLabel: 'חיפוש תיפלצים',
  searchPlaceholder: 'חיפוש תיפלצים...',
  searchSubmit: 'חיפוש',
  footerNote: 'כל התיפלצים דמיוניים, כל החיבוקים אמיתיים.',
  accessibility: 'הצהרת נגישות',
} as const;

/** The error box (./ErrorBox.tsx). */
export const errorBoxStrings = {
  title: 'שגיאה',
  fallback: sharedStrings.serverError,
} as const;
