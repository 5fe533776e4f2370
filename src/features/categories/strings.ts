/** Texts of the categories screens. */
export const categoryStrings = {
  title: 'קטגוריות',
} as const;
