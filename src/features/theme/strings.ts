/** Texts of the theme control. Each option's label is a short joke (the spec leaves the wording to us). */
import type { Theme } from './storage.ts';

export const themeStrings = {
  button: 'ערכת צבעים',
  legend: 'באיזה אור נראה את התיפלצים?',
  options: {
    light: { name: 'בהיר', joke: 'לתיפלצים שקמים עם השמש' },
    dark: { name: 'כהה', joke: 'לתיפלצים שלא מפחדים מהחושך' },
    system: { name: 'כמו במערכת', joke: 'שהמחשב יחליט, הוא ממילא יודע הכול' },
  } satisfies Record<Theme, { name: string; joke: string }>,
} as const;
