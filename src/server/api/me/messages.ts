/** Every message of a shopper's own API (/api/me): Hebrew, as the shop's pages show them. */
import { favouritesMessages } from '../../../lib/favourites.ts';

export const meMessages = {
  signedOut: 'צריך להתחבר כדי לשמור מועדפים בחשבון: החיבור פג או שלא התחברתם',
  wrongOrigin: 'המועדפים נשמרים ונקראים רק מדפי החנות עצמה',
  needsIfMatch: 'חסר If-Match: ה-ETag של הרשימה שעליה נעשה השינוי (מ-GET)',
  changedElsewhere: 'המועדפים השתנו בינתיים במכשיר אחר: זו הרשימה כפי שהיא עכשיו',
  tooMany: favouritesMessages.tooMany,
  notAList: favouritesMessages.notAList,
} as const;
