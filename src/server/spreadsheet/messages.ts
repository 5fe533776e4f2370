/** Every Hebrew string of the catalogue spreadsheet (import, export and `npm run catalogue`). */
export const spreadsheetMessages = {
  utf16: 'הקובץ שמור בקידוד UTF-16. שמרו אותו מחדש כ-"CSV UTF-8 (מופרד בפסיקים)"',
  notUtf8: 'הקובץ אינו UTF-8 תקין. אם נשמר ב-Excel כ-"CSV" רגיל, נסו ‎--encoding windows-1255',
  notWindows1255: 'הקובץ אינו בקידוד windows-1255 תקין. נסו ‎--encoding utf-8',
  empty: 'הקובץ ריק: חסרה שורת כותרת',
  quoteNotClosed: 'מרכאות שנפתחו ולא נסגרו',
  badQuote: 'מרכאות במקום לא צפוי (תא שמתחיל במרכאות צריך להסתיים בהן, ומרכאות בתוך תא נכתבות כפולות "")',
  unreadable: (reason: string) => `לא ניתן לקרוא את הקובץ כ-CSV (${reason})`,
  missingColumn: (column: string) => `חסרה העמודה ${column}`,
  unknownColumn: (column: string) =>
    `עמודה לא מוכרת: „${column}" (העמודות: id, slug, name, description, price, countInStock, rating, numReviews, category, hidden, version)`,
  duplicateColumn: (column: string) => `העמודה ${column} מופיעה יותר מפעם אחת`,
  cellCount: (found: number, expected: number) => `בשורה ${found} תאים, ובשורת הכותרת ${expected}`,

  badId: 'מזהה לא תקין: 24 תווים של 0-9 ו-a-f, או ריק לחיה חדשה',
  unknownId: 'אין חיה עם המזהה הזה (אולי נמחקה מאז הייצוא). להוספה כחיה חדשה, רוקנו את התא',
  duplicateId: (line: number) => `המזהה מופיע כבר בשורה ${line}`,
  missingVersion:
    'חסרה הגרסה (העמודה version מהייצוא): בלעדיה אי אפשר לדעת אם מישהו שינה את החיה מאז. אפשר לעקוף עם ‎--force',
  badVersion: 'הגרסה חייבת להיות מספר שלם',
  stale: (inFile: number, now: number) =>
    `החיה שונתה מאז הייצוא (גרסה ${inFile} בקובץ, ${now} עכשיו). ייצאו מחדש ועדכנו שוב, או דרסו עם ‎--force`,
  badNumber: 'חייב להיות מספר',
  badHidden: 'מוסתר חייב להיות true או false',
  unknownCategory: (slug: string) => `אין קטגוריה עם מזהה הכתובת „${slug}"`,
  slugTaken: (slug: string) => `כבר יש חיה עם מזהה הכתובת „${slug}"`,
  slugInLine: (slug: string, line: number) => `מזהה הכתובת „${slug}" מופיע גם בשורה ${line}`,

  where: (line: number, column: string | null) => (column ? `שורה ${line}, עמודה ${column}` : `שורה ${line}`),
  refused: (count: number) =>
    `הקובץ לא יובא ולא שונה דבר: ${count === 1 ? 'נמצאה בעיה אחת' : `נמצאו ${count} בעיות`}. תקנו ונסו שוב.`,
  encoding: (encoding: string) => `קידוד הקובץ: ${encoding}`,
  toCreate: (count: number) => `חיות חדשות שייווצרו: ${count}`,
  toChange: (count: number) => `חיות שישתנו: ${count}`,
  toLeave: (count: number) => `שורות ללא שינוי: ${count}`,
  created: (count: number) => (count === 1 ? 'נוצרה חיה חדשה אחת' : `נוצרו ${count} חיות חדשות`),
  changed: (count: number) => (count === 1 ? 'עודכנה חיה אחת' : `עודכנו ${count} חיות`),
  left: (count: number) => `${count} שורות ללא שינוי`,
  notInFile: (count: number) => `${count} חיות שאינן בקובץ נשארות כמות שהן`,
  andMore: (count: number) => `ועוד ${count}`,
  dryRun: 'זו הרצת ניסיון (‎--dry-run): דבר לא נשמר. להחלה, הריצו שוב בלי ‎--dry-run',
  forced: 'דריסה (‎--force): שינויים שנעשו מאז הייצוא יידרסו',
  exported: (count: number, file: string) => `יוצאו ${count} חיות אל ${file}`,
  nothing: 'אין מה לשנות: הקטלוג כבר זהה לקובץ',
} as const;
