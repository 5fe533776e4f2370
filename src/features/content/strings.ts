/** Texts of the content pages that are not their copy (the copy is in the database, seeded from src/content). */
export const contentStrings = {
  about: {
    title: 'אודות',
    description: 'על חנות התיפלצים: המשימה שלנו, הסיפור שלנו מאז 2010 והצוות שדואג לכל תיפלץ.',
  },
} as const;
