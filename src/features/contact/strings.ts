/** Texts of the contact page and its form. */
export const contactStrings = {
  title: 'צור קשר',
  description: 'שאלה על תיפלץ, בקשה מיוחדת או סתם מילה טובה? כתבו לחנות התיפלצים ונחזור אליכם.',
  intro: 'שאלה על תיפלץ, בקשה מיוחדת או סתם מילה טובה? כתבו לנו, ותיפלץ דואר אחראי יביא את ההודעה ישר לצוות.',
  subjectLabel: 'נושא',
  subjectPlaceholder: 'הכנס את נושא ההודעה',
  messageLabel: 'הודעה',
  messagePlaceholder: 'כתוב את ההודעה שלך כאן...',
  submit: 'שלח הודעה',
  sent: 'ההודעה שלך נשלחה בהצלחה!',
  /** A static copy of the shop without an API (src/static-site). */
  offline: {
    title: 'מהעותק הזה של החנות אי אפשר לשלוח הודעות.',
    withEmail: 'כתבו לבעלי החנות בדואר אלקטרוני:',
    withoutEmail: 'אפשר לפנות לבעלי החנות בדרכים האחרות שמופיעות באתר.',
    keepsText: 'מה שתכתבו כאן נשמר בדף.',
    mailButton: 'הכפתור למטה פותח את תוכנת הדואר עם הנושא וההודעה.',
    submit: 'פתיחה בתוכנת הדואר',
    cannotSend: 'ההודעה לא נשלחה: מהעותק הזה של החנות אי אפשר לשלוח הודעות. מה שכתבתם נשמר.',
  },
} as const;
