import { formatCount } from '../../lib/numbers.ts';
import { sharedStrings } from '../../lib/strings.ts';

/** Texts of the animals list (and the paged lists of animals elsewhere) and the animal card. */
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
  count: (count: number) =>
    count === 0 ? 'לא נמצאו תיפלצים' : count === 1 ? 'נמצא תיפלץ אחד' : `נמצאו ${count} תיפלצים`,
  noMatchTitle: 'לא מצאנו אף תיפלץ',
  noMatch: (query: string) =>
    query
      ? `אין תיפלץ ששמו או תיאורו מכילים "${query}". נסו מילה אחרת, או מחקו את החיפוש כדי לראות את כולם.`
      : 'עוד אין תיפלצים בחנות. הם בדרך!',
  resultsLabel: 'תוצאות החיפוש',
  shownCount: (first: number, last: number, total: number) =>
    first <= 1
      ? `מוצגים ${formatCount(last)} מתוך ${formatCount(total)}`
      : `מוצגים ${formatCount(first)}–${formatCount(last)} מתוך ${formatCount(total)}`,
  loadMore: 'טען עוד',
  loadingMore: 'טוען עוד תיפלצים…',
  pagesLabel: 'עמודי הרשימה',
  pageOf: (from: number, to: number, pages: number) =>
    from === to
      ? `עמוד ${formatCount(to)} מתוך ${formatCount(pages)}`
      : `עמודים ${formatCount(from)}–${formatCount(to)} מתוך ${formatCount(pages)}`,
  prevPage: 'לעמוד הקודם',
  nextPage: 'לעמוד הבא',
  firstPage: 'לעמוד הראשון',
  pastEndTitle: 'אין כאן תיפלצים',
  pastEnd: (pages: number) =>
    pages === 1 ? 'הרשימה כולה נכנסת בעמוד אחד.' : `הרשימה נגמרת בעמוד ${formatCount(pages)}.`,
  ratingLabel: sharedStrings.ratingLabel,
  priceLabel: sharedStrings.priceLabel,
} as const;
