/** Texts of the recently viewed animals (the home page, an animal's page). */
export const recentlyViewedStrings = {
  title: 'צפיתם לאחרונה',
  clear: 'ניקוי הרשימה',
  cleared: 'הרשימה נוקתה. תיפלצים שתפתחו מעכשיו יופיעו כאן.',
} as const;
