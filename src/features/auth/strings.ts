/** Texts of sign-in and sign-up (Clerk's own texts come from its he-IL localization). */
export const authStrings = {
  /** The header link while signed out: 'התחברות', to sign-up. */
  signIn: 'התחברות',
  /** Accessible name of the account button placeholder, before Clerk's own button replaces it. */
  accountLoading: 'החשבון שלי (נטען…)',

  signInTitle: 'התחברות',
  signUpTitle: 'הרשמה',
  signInDescription: 'התחברות לחשבון שלכם בחנות התיפלצים.',
  signUpDescription: 'פתיחת חשבון חדש בחנות התיפלצים.',
  /** While Clerk's form loads (also the text read by screen readers). */
  loading: 'טוען את טופס ההתחברות…',
  /** When Clerk's code could not be loaded at all. */
  loadFailed: 'לא הצלחנו לטעון את טופס ההתחברות. בדקו את החיבור ונסו לרענן את העמוד.',
  /** Links to the other page, under the form. */
  toSignUp: { question: 'עדיין אין לכם חשבון?', link: 'להרשמה' },
  toSignIn: { question: 'כבר יש לכם חשבון?', link: 'להתחברות' },

  /** Sign-in is not set up on this installation (no Clerk keys). */
  notConfigured: {
    title: 'ההתחברות עדיין לא הופעלה בחנות הזו',
    body: 'אפשר להמשיך לשוטט בחנות, לחפש תיפלצים ולשלוח לנו הודעה גם בלי חשבון. ההרשמה וההתחברות ייפתחו ברגע שבעלי החנות יחברו את שירות ההתחברות.',
    ownerTitle: 'לבעלי החנות',
    ownerBody:
      'כדי להפעיל הרשמה והתחברות דרך Clerk, הגדירו את המשתנים האלה בסביבת השרת (או בקובץ ‎.env‏) והפעילו את השרת מחדש:',
    missing: 'חסר',
    invalid: 'ערך לא תקין',
    ownerMore: 'ההוראות המלאות בקובץ docs/clerk.md.',
    home: 'חזרה לדף הבית',
  },
} as const;
