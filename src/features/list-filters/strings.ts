import { formatCount } from '../../lib/numbers.ts';

/** Texts of the list's filters, its correction line and its empty state's links (only /products loads them; a module of their own, so the other lists' scripts never carry them). */
export const filterStrings = {
  filtersLabel: 'סינון',
  minPrice: 'מחיר מ־',
  maxPrice: 'מחיר עד',
  inStock: 'רק במלאי',
  minRating: 'דירוג מינימלי',
  anyRating: 'כל דירוג',
  ratingAtLeast: (stars: number) => `${stars} כוכבים ומעלה`,
  category: 'קטגוריה',
  anyCategory: 'כל הקטגוריות',
  categoryWithCount: (name: string, count: number) => `${name} (${formatCount(count)})`,
  applyFilters: 'סינון',
  clearFilters: 'נקה סינון',
  filtersNeedScript: 'הסינון פועל עם JavaScript בלבד באתר זה.',
  correctedTo: (query: string) => `מציגים תוצאות עבור "${query}"`,
  searchExactly: (query: string) => `לחפש בדיוק "${query}"`,
  tryCategories: 'אולי תמצאו משהו באחת הקטגוריות:',
  /** The phone's sheet of sort and filters, and the chips of the filters on. */
  sheetButton: 'סינון ומיון',
  sheetTitle: 'סינון ומיון',
  /** The button's name: its text and how many filters are on (the number it shows). */
  sheetButtonLabel: (count: number) =>
    count === 0 ? 'סינון ומיון' : count === 1 ? 'סינון ומיון, מסנן פעיל אחד' : `סינון ומיון, ${count} מסננים פעילים`,
  closeSheet: 'סגירה',
  chipsLabel: 'מסננים פעילים',
  removeFilter: (text: string) => `הסרת הסינון ${text}`,
  minPriceChip: (price: string) => `מחיר מ־${price}`,
  maxPriceChip: (price: string) => `מחיר עד ${price}`,
} as const;
