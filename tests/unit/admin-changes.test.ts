/**
 * Changes as the owner reads them (src/features/admin/audit-lines.ts, content/page-changes.ts): Hebrew
 * field names and values, categories by name, a reorder as one row; two versions of a page compared item
 * by item, and an editor's save merged with another's, item by item.
 */
import { describe, expect, it } from 'vitest';
import { auditLine } from '../../src/features/admin/audit-lines.ts';
import { mergePages, pageChanges, pageConflicts } from '../../src/features/admin/content/page-changes.ts';
import { formatPrice } from '../../src/lib/format.ts';

const names = new Map([
  ['sky-creatures', 'יצורי שמיים'],
  ['sea-monsters', 'מפלצות ים'],
]);

describe('the audit in Hebrew', () => {
  it('names each changed field in Hebrew, before then after, a category by its name', () => {
    const before = { _id: 'a', name: 'כבשה', price: 35, hidden: false, category: 'sky-creatures', version: 1 };
    const after = { ...before, price: 777, hidden: true, category: 'sea-monsters', version: 2 };
    expect(auditLine({ action: 'animal.update', before, after }, names)).toEqual({
      subject: 'כבשה',
      rows: [
        { field: 'price', label: 'מחיר', before: formatPrice(35), after: formatPrice(777) },
        { field: 'hidden', label: 'מוסתרת', before: 'לא', after: 'כן' },
        { field: 'category', label: 'קטגוריה', before: 'יצורי שמיים', after: 'מפלצות ים' },
      ],
    });
  });

  it('shows a reorder of the categories as one row, by name', () => {
    const line = auditLine(
      {
        action: 'category.reorder',
        before: ['sky-creatures', 'sea-monsters'],
        after: ['sea-monsters', 'sky-creatures'],
      },
      names,
    );
    expect(line.rows).toEqual([
      { field: 'order', label: 'סדר הקטגוריות', before: 'יצורי שמיים · מפלצות ים', after: 'מפלצות ים · יצורי שמיים' },
    ]);
  });
});

describe('a content page compared and merged', () => {
  const section = (id: string, heading: string, body = '', order = 1) => ({ id, heading, body, order });
  const base = { sections: [section('a', 'אחת', 'גוף', 1), section('b', 'שתיים', '', 2)], team: [] };

  it('lists what changed from one version to another, item by item', () => {
    const after = { sections: [section('a', 'אחת!', 'גוף', 1), section('c', 'שלוש', 'חדש', 2)], team: [] };
    expect(pageChanges(base, after)).toEqual([
      { field: 'sections.a.heading', label: 'פרק 1: כותרת', before: 'אחת', after: 'אחת!' },
      { field: 'sections.c.heading', label: 'פרק 2: כותרת', before: '(ריק)', after: 'שלוש' },
      { field: 'sections.c.body', label: 'פרק 2: תוכן', before: '(ריק)', after: 'חדש' },
      { field: 'sections.b', label: 'פרק 2', before: 'שתיים', after: '(אין)' },
    ]);
  });

  it("merges an editor's save with another's: each item from the side that changed it", () => {
    const mine = { sections: [section('a', 'שלי', 'גוף', 1), section('b', 'שתיים', '', 2)], team: [] };
    const theirs = { sections: [section('a', 'אחת', 'גוף', 1), section('b', 'שתיים', 'שלהם', 2)], team: [] };
    const conflicts = pageConflicts(base, mine, theirs);
    expect(conflicts.map(({ field, changedBy }) => [field, changedBy])).toEqual([
      ['sections:a', 'mine'],
      ['sections:b', 'theirs'],
    ]);
    const merged = mergePages(mine, theirs, { 'sections:a': 'mine', 'sections:b': 'theirs' });
    expect(merged.sections.map(({ heading, body }) => [heading, body])).toEqual([
      ['שלי', 'גוף'],
      ['שתיים', 'שלהם'],
    ]);
  });
});
