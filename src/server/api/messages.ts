/** Every message the API answers with. They reach the shopper's error box, so they are Hebrew. */
import { MAX_FAVOURITES } from '../../lib/favourites.ts';
import { sharedStrings } from '../../lib/strings.ts';

export const apiMessages = {
  categoryNotFound: 'הקטגוריה לא נמצאה',
  categoryMoved: 'הקטגוריה עברה לכתובת חדשה',
  animalNotFound: 'התיפלץ לא נמצא',
  badIds: `ids חייב להיות עד ${MAX_FAVOURITES} מזהי תיפלצים (24 ספרות הקסדצימליות כל אחד), מופרדים בפסיקים`,
  routeNotFound: 'הכתובת לא קיימת ב-API',
  methodNotAllowed: 'השיטה אינה נתמכת בכתובת זו',
  badJson: 'גוף הבקשה אינו JSON תקין',
  notJson: 'יש לשלוח את הבקשה כ-JSON (Content-Type: application/json)',
  bodyTooLarge: 'גוף הבקשה גדול מדי',
  badIdempotencyKey: 'מפתח השליחה (Idempotency-Key) אינו תקין: 8 עד 100 אותיות לטיניות, ספרות או - _ . :',
  badIsPopulate: 'isPopulate יכול להיות true או false בלבד',
  badRequest: 'הבקשה אינה תקינה',
  uriTooLong: 'כתובת הבקשה ארוכה מדי',
  headersTooLarge: 'כותרות הבקשה גדולות מדי',
  methodNotImplemented: 'השיטה אינה מוכרת לשרת',
  requestTimeout: 'הבקשה לא הגיעה בזמן',
  internal: sharedStrings.serverError,
  /** A write refused for lack of disk space (503): nothing of it was kept, and what was typed stays in the form. */
  outOfSpace:
    'לא הצלחנו לשמור: אין כרגע מקום פנוי בשרת. שום דבר לא נשמר, ומה שכתבתם נשאר בטופס. נסו שוב בעוד כמה דקות.',
} as const;
