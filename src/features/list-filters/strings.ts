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
} as const;
