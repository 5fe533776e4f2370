/**
 * A record's fields and values as the owner reads them in every list of changes (the audit, the
 * spreadsheet's dry run, a conflict): the Hebrew name of each field, prices in shekels, yes or no for
 * hidden, a category by its name rather than its address.
 */
import { formatPrice } from '../../lib/format.ts';
import { adminStrings } from './strings.ts';

const c = adminStrings.changes;

/** Category names by slug (the current ones; an address no category has any more is shown as it is). */
export type CategoryNames = ReadonlyMap<string, string>;

export const fieldName = (field: string): string => adminStrings.fields[field] ?? field;

export function shownValue(field: string, value: unknown, categories: CategoryNames = new Map()): string {
  if (value === null || value === undefined || value === '') return c.empty;
  // The spreadsheet's plan says its values as text.
  if (field === 'price' && Number.isFinite(Number(value))) return formatPrice(Number(value));
  if (field === 'hidden' && (value === true || value === 'true')) return c.yes;
  if (field === 'hidden' && (value === false || value === 'false')) return c.no;
  if (field === 'category' && typeof value === 'string') return categories.get(value) ?? value;
  if (field === 'img') return c.newPicture;
  return typeof value === 'string' ? value : JSON.stringify(value);
}
