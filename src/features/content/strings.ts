/** Texts of the content pages that are not their copy (the copy is in the database, seeded from src/content). */
export const contentStrings = {
  about: {
    title: 'אודות',
    description: 'על חנות התיפלצים: המשימה שלנו, הסיפור שלנו מאז 2010 והצוות שדואג לכל תיפלץ.',
  },
  accessibility: {
    title: 'הצהרת נגישות',
    description: 'הצהרת הנגישות של חנות התיפלצים: מה האתר עומד בו, איך הוא נבדק, מה עוד לא, ואיך פונים אלינו.',
  },
} as const;
