/** Every text of the favourites: the hearts, the header's link, the page /favorites and its shared copy. */
import { favouritesMessages } from '../../lib/favourites.ts';
import { sharedStrings } from '../../lib/strings.ts';

/** The hearts', the header's and the notices' texts: on every page, so apart from the page's (below). */
export const heartStrings = {
  /** A heart's label (a card, an animal's page): the same whether it is pressed or not (aria-pressed says which). */
  toggle: (name: string) => `שמירה במועדפים: ${name}`,
  /** The visible text of the animal page's heart (its label begins with it). */
  toggleText: 'שמירה במועדפים',
  /** The header's link (its count is added after it). */
  headerLink: 'המועדפים שלי',
  tooMany: favouritesMessages.tooMany,
  /** The account already holds the most it may: what did not fit stays out. */
  mergedTooMany: (left: number) =>
    left === 1
      ? `תיפלץ אחד מהמועדפים בדפדפן הזה לא נכנס לחשבון: ${favouritesMessages.tooMany}`
      : `${left} תיפלצים מהמועדפים בדפדפן הזה לא נכנסו לחשבון: ${favouritesMessages.tooMany}`,
} as const;

/** The page /favorites and its shared copy. */
export const favouritesStrings = {
  ...heartStrings,
  title: 'המועדפים שלי',
  description: 'התיפלצים ששמרתם במועדפים, עם המחיר והמלאי של היום.',
  loading: 'טוענים את המועדפים…',
  listLabel: 'התיפלצים במועדפים',
  count: (count: number) => (count === 1 ? 'תיפלץ אחד במועדפים' : `${count} תיפלצים במועדפים`),
  emptyTitle: 'עוד לא שמרתם תיפלצים',
  emptyText: 'לחצו על הלב שבכרטיס של תיפלץ או בעמוד שלו, והוא יחכה לכם כאן, גם אחרי שתסגרו את הדפדפן.',
  browse: 'לכל התיפלצים',
  remove: 'הסרה',
  removeLabel: (name: string) => `הסרה מהמועדפים: ${name}`,
  removed: (name: string) => `${name} הוסר מהמועדפים`,
  /** Animals the shop no longer shows left the list. */
  gone: (count: number) =>
    count === 1 ? 'תיפלץ אחד שכבר אינו בחנות הוסר מהרשימה' : `${count} תיפלצים שכבר אינם בחנות הוסרו מהרשימה`,
  inStock: sharedStrings.inStock,
  soldOut: sharedStrings.soldOut,
  shareTitle: 'שיתוף הרשימה',
  shareText: 'כל מי שיפתח את הקישור יראה את הרשימה הזאת, לקריאה בלבד, עם המחיר והמלאי של אותו יום.',
  shareLink: 'קישור לרשימה',
  copy: 'העתקת הקישור',
  copied: 'הקישור הועתק',
  copyFailed: 'לא הצלחנו להעתיק. אפשר ללחוץ על הקישור בלחיצה ימנית ולהעתיק אותו משם.',
  sharedTitle: 'רשימת מועדפים ששיתפו איתכם',
  sharedDescription: 'רשימת תיפלצים ששמרו במועדפים ושיתפו איתכם, עם המחיר והמלאי של היום.',
  sharedNote: 'זו רשימה לקריאה בלבד. הלב שבכל כרטיס שומר את התיפלץ במועדפים שלכם.',
  sharedEmpty: 'אף אחד מהתיפלצים ברשימה הזאת אינו בחנות כרגע.',
  toMine: 'למועדפים שלי',
} as const;
