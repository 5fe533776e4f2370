/** Texts of the categories screens (the list and one category). */
import { sharedStrings } from '../../lib/strings.ts';

export const categoryStrings = {
  title: 'קטגוריות',
  listDescription:
    'כל קטגוריות התיפלצים של החנות: יצורי שמיים, מפלצות ים, רוחות יער ועוד. בחרו קטגוריה והכירו את התושבים שלה.',
  empty: 'עדיין אין קטגוריות בחנות. התיפלצים בדרך!',
  animalsHeading: 'תיפלצים מקטגוריה זו',
  noAnimals: 'עוד אין תיפלצים בקטגוריה הזו. הם כנראה עדיין מתחבאים.',
  animalCount: (count: number) => (count === 1 ? 'תיפלץ אחד' : `${count} תיפלצים`),
  detailDescription: sharedStrings.pageDescription,
  allCategories: 'לכל הקטגוריות',
} as const;
