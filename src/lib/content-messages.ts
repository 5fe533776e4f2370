/** Every Hebrew message of the content pages' rules (./content-page.ts): the admin API and the editor show them. */
export const contentMessages = {
  invalid: 'יש שדות שצריך לתקן',
  heading: 'כותרת הפרק חייבת להכיל בין תו אחד ל־120 תווים',
  body: 'גוף הפרק יכול להכיל עד 20,000 תווים',
  bodyHeadings: 'כותרות בתוך הפרק הן ### או #### בלבד: כותרת הפרק היא כבר הכותרת הראשית שלו',
  sections: 'בדף יש בין פרק אחד ל־20 פרקים',
  team: 'בצוות יש עד 24 אנשים',
  teamOnlyAbout: 'רק לדף האודות יש צוות',
  name: 'השם חייב להכיל בין תו אחד ל־80 תווים',
  role: 'התפקיד חייב להכיל בין תו אחד ל־80 תווים',
  picture: 'התמונה חייבת להיות כתובת של תמונה שהועלתה לחנות',
  id: 'מזהה לא תקין',
  order: 'הסדר חייב להיות מספר שלם',
  duplicateId: 'אותו מזהה מופיע פעמיים',
  versionRequired: 'חסרה הגרסה שנערכה (If-Match): טענו את הדף מחדש ונסו שוב',
  stale: 'מישהו אחר שמר את הדף מאז שנטען: השינוי שלכם לא נשמר, ומה שהקלדתם נשאר',
  unknownPage: 'אין דף תוכן כזה: about או accessibility',
  unknownVersion: 'אין גרסה כזאת של הדף',
  contactForm: 'בטופס יצירת הקשר',
  or: 'או בדוא״ל',
  /** `npm run content` (scripts/content.ts). */
  cli: {
    usage: `שימוש:
  npm run content -- export [--dir FOLDER]
  npm run content -- import [--dir FOLDER] [--dry-run] [--force]`,
    exported: (pages: string[], folder: string) => `יוצאו הדפים ${pages.join(', ')} אל ${folder}`,
    section: 'פרק',
    member: 'איש צוות',
    added: (what: string, label: string) => `נוסף ${what}: ${label}`,
    changed: (what: string, label: string) => `שונה ${what}: ${label}`,
    removed: (what: string, label: string) => `נמחק ${what}: ${label}`,
    created: 'הדף ייווצר מהקבצים',
    unchanged: (page: string) => `${page}: ללא שינוי`,
    wouldChange: (page: string) => `${page}: ישתנה (הרצה לניסיון, שום דבר לא נשמר):`,
    saved: (page: string, version: number) => `${page}: נשמר כגרסה ${version}:`,
    refused: (page: string) => `${page}: לא נקלט, שום דבר בדף לא השתנה:`,
    noVersion:
      'בקבצים אין page.yaml עם הגרסה שממנה יוצאו: ייצאו קודם (npm run content -- export), או הוסיפו --force כדי לדרוס את מה שבחנות',
    stale: (base: number, now: number) =>
      `הקבצים יוצאו מגרסה ${base}, ובחנות יש כבר גרסה ${now}: מישהו שמר את הדף מאז. ייצאו שוב, או הוסיפו --force כדי לדרוס`,
  },
} as const;
