/** Every message of the owner's admin API (/api/admin): Hebrew, as the admin's forms show them. */
import { CLERK_VARIABLES } from '../../clerk-settings.ts';

export const adminMessages = {
  noClerk: `ניהול החנות דורש חיבור ל-Clerk (${CLERK_VARIABLES.publishableKey}, ${CLERK_VARIABLES.secretKey}). בינתיים אפשר לשנות את הקטלוג בגיליון: npm run catalogue`,
  signedOut: 'צריך להתחבר מחדש כדי לשמור: החיבור פג או שלא התחברתם',
  notAdmin: 'אין לחשבון הזה הרשאה לחלק הזה של ניהול החנות',
  wrongOrigin: 'שינויים מתקבלים רק מדפי הניהול של החנות עצמה',
  notCsv: 'יש לשלוח את הגיליון כקובץ CSV (Content-Type: text/csv)',
  spreadsheetRefused: 'הקובץ לא נקלט: יש שורות שצריך לתקן (כל אחת עם מספר השורה והעמודה). שום דבר לא השתנה.',
  badDryRun: 'dryRun יכול להיות true או false בלבד',
  badPage: 'מספר העמוד חייב להיות מספר שלם, 1 ומעלה',
  badLimit: 'מספר השורות בעמוד חייב להיות בין 1 ל-100',
  badFilter:
    'מסנן או מיון שאינם מוכרים: state=shown|hidden, stock=out|low, sort=name|price|stock|rating, order=asc|desc',
  noSuchChange: 'השינוי הזה לא נמצא ביומן',
  badOrder: 'הסדר החדש חייב להיות רשימה של { id, version }',
  badIfMatch: 'If-Match חייב להיות ה-ETag שהתקבל עם הפריט (למשל "v3")',
  notAnImage: 'הקובץ אינו תמונה שאפשר לקרוא: JPEG, PNG או WebP',
  badCrop: 'מיקום החיתוך (cropX, cropY) חייב להיות מספר בין 0 ל-100',
  pictureTooLarge: 'התמונה גדולה מדי: עד 5MB',
  pictureTooSmall: 'התמונה קטנה מדי: לפחות 200 פיקסלים בצלע הקצרה',
} as const;
