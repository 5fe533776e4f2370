/** Texts of the about page that are not content (the copy itself is in src/content/about). */
export const aboutStrings = {
  title: 'אודות',
  description: 'על חנות התיפלצים: המשימה שלנו, הסיפור שלנו מאז 2010 והצוות שדואג לכל תיפלץ.',
} as const;
