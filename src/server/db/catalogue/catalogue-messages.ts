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
} as const;
