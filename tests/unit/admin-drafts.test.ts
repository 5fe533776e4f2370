/**
 * The admin's drafts and conflicts (src/features/admin/draft-rules.ts): a draft keeps only the fields
 * changed; brought back, it fills a field only where nobody changed it since and offers the others; after
 * a refused save, each differing field says who changed it, and the merge takes each from its changer.
 */
import { describe, expect, it } from 'vitest';
import {
  conflictsOf,
  draftOf,
  isFieldDraft,
  mergedChoice,
  restoreDraft,
} from '../../src/features/admin/draft-rules.ts';

const loaded = { name: 'גמל', description: 'ישן', price: 480, countInStock: 3 };

describe('drafts', () => {
  it('keeps only the fields the owner changed, with their values as loaded and the version', () => {
    expect(draftOf(4, loaded, { ...loaded, description: 'חדש' })).toEqual({
      version: 4,
      base: { description: 'ישן' },
      changed: { description: 'חדש' },
    });
    expect(draftOf(4, loaded, { ...loaded })).toBeUndefined();
    expect(isFieldDraft(draftOf(4, loaded, { ...loaded, price: 1 }))).toBe(true);
    // A draft an older tab kept as the whole form is not one.
    expect(isFieldDraft({ ...loaded })).toBe(false);
  });

  it('fills a field nobody changed since, and offers — never lays — one that someone changed', () => {
    const draft = draftOf(4, loaded, { ...loaded, description: 'חדש', price: 600 })!;
    const now = { ...loaded, price: 555 };
    const { values, applied, offered } = restoreDraft(draft, now);
    expect(values).toEqual({ ...now, description: 'חדש' });
    expect(applied).toEqual(['description']);
    expect(offered).toEqual([{ field: 'price', mine: 600, theirs: 555, changedBy: 'both' }]);
    // Someone made the same change: nothing to fill or offer.
    expect(restoreDraft(draft, { ...loaded, price: 600, description: 'חדש' })).toMatchObject({
      applied: [],
      offered: [],
    });
  });

  it('after a refused save, says who changed each differing field, and the merge takes it from them', () => {
    const mine = { ...loaded, description: 'שלי', countInStock: 12 };
    const theirs = { ...loaded, price: 555, countInStock: 30 };
    const conflicts = conflictsOf(loaded, mine, theirs);
    expect(conflicts).toEqual([
      { field: 'description', mine: 'שלי', theirs: 'ישן', changedBy: 'mine' },
      { field: 'price', mine: 480, theirs: 555, changedBy: 'theirs' },
      { field: 'countInStock', mine: 12, theirs: 30, changedBy: 'both' },
    ]);
    expect(conflicts.map(mergedChoice)).toEqual(['mine', 'theirs', 'mine']);
  });
});
