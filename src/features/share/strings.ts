/** Texts of sharing an animal's page. */
export const shareStrings = {
  share: 'שיתוף',
  shareLabel: (name: string) => `שיתוף הקישור אל ${name}`,
  copied: 'הקישור הועתק. אפשר להדביק אותו בכל מקום.',
  copyFailed: (url: string) => `לא הצלחנו להעתיק את הקישור. הנה הוא, להעתקה ידנית: ${url}`,
} as const;
