/** Every text of the header search's suggestions. */
export const suggestionStrings = {
  listLabel: 'הצעות חיפוש',
  kind: { animal: 'תיפלץ', category: 'קטגוריה' },
  /** Read by screen readers when the list changes (a polite live region). */
  count: (count: number) => (count === 0 ? 'אין הצעות' : count === 1 ? 'הצעה אחת' : `${count} הצעות`),
} as const;
