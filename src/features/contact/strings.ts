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
} as const;
