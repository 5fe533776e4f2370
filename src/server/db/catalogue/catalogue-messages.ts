/** Every Hebrew message of the owner's catalogue writes (./catalogue-writes.ts): the admin API and the import show them. */
export const writeMessages = {
  animalNotFound: 'החיה לא נמצאה (אולי נמחקה בינתיים)',
  categoryNotFound: 'הקטגוריה לא נמצאה (אולי נמחקה בינתיים)',
  unknownCategory: (slug: string) => `אין קטגוריה בשם „${slug}"`,
  animalSlugTaken: (slug: string) => `כבר יש חיה עם מזהה הכתובת „${slug}"`,
  categorySlugTaken: (slug: string) => `כבר יש קטגוריה עם מזהה הכתובת „${slug}"`,
  versionRequired: 'חסרה הגרסה שנערכה (If-Match): טענו את הפריט מחדש ונסו שוב',
  stale: 'מישהו אחר שינה את הפריט מאז שנטען: השינוי שלכם לא נשמר',
  categoryNotEmpty: (name: string, count: number) =>
    count === 1
      ? `אי אפשר למחוק את הקטגוריה „${name}": יש בה חיה אחת. העבירו אותה לקטגוריה אחרת או מחקו אותה קודם`
      : `אי אפשר למחוק את הקטגוריה „${name}": יש בה ${count} חיות. העבירו אותן לקטגוריה אחרת או מחקו אותן קודם`,
  reorderMustNameAll: 'הסדר החדש חייב למנות כל קטגוריה פעם אחת בדיוק',
  invalid: 'יש שדות שצריך לתקן',
  bulkAnimals: 'יש לבחור לפחות חיה אחת: רשימה של { id, version }',
  bulkTooMany: (most: number) => `אפשר לשנות עד ${most} חיות בבת אחת`,
  bulkKind: 'השינוי חייב להיות hide, show, price או stock',
  bulkBy: 'השינוי במחיר או במלאי הוא amount (סכום) או percent (אחוזים)',
  bulkValue: 'כמה לשנות: מספר (אפשר שלילי)',
  bulkStale: (name: string) => `מישהו אחר שינה את „${name}" מאז שנטענה: שום חיה לא שונתה. טענו את הרשימה מחדש ונסו שוב`,
  bulkRefused: (name: string, why: string) => `„${name}": ${why}. שום חיה לא שונתה`,
  bulkNotFound: 'השינוי הזה לא נמצא ביומן',
  bulkUndone: 'השינוי הזה כבר בוטל',
  bulkChangedSince: (name: string) => `אי אפשר לבטל: „${name}" השתנתה מאז השינוי. שום חיה לא שונתה`,
  notInTrash: 'החיה לא נמצאת בסל המחזור (אולי שוחזרה כבר, או שעברו 30 יום מאז שנמחקה)',
  restoreNoCategory: (slug: string) =>
    `הקטגוריה של החיה („${slug}") כבר לא קיימת: צרו קטגוריה עם שם הכתובת הזה ושחזרו שוב`,
  restoreSlugTaken: (slug: string) => `כבר יש בקטלוג חיה עם שם הכתובת „${slug}": שנו את שם הכתובת שלה ושחזרו שוב`,
} as const;
