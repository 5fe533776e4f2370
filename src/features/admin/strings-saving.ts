/** The admin's texts about keeping what was typed: drafts brought back, other changes beside yours, leaving with unsaved changes. */
export const savingStrings = {
  leave: {
    confirm: 'יש בדף שינויים שלא נשמרו. לצאת בכל זאת? השינויים יאבדו.',
  },
  drafts: {
    restored: 'הטיוטה שלא נשמרה הוחזרה לטופס',
    restoredFields: (fields: string) => `הטיוטה שלא נשמרה הוחזרה לטופס (${fields})`,
    discard: 'ביטול הטיוטה',
    discarded: 'הטיוטה בוטלה',
    rowRestored: 'הוחזרו ערכים שלא נשמרו',
    pageChanged: 'הדף נשמר מאז שהטיוטה נכתבה: בשמירה תוצג כל סתירה ליד השינוי האחר.',
  },
  conflicts: {
    title: 'מישהו אחר שינה את אותם שדות. מה לשמור בכל שדה?',
    draftTitle: 'בטיוטה שלכם יש ערכים לשדות שמישהו אחר שינה מאז. הערך החדש מוצג בטופס; מה לשמור?',
    caption: 'השדות שבהם השינוי שלכם והשינוי האחר שונים',
    field: 'שדה',
    mine: 'מה שהקלדתם',
    theirs: 'השינוי האחר',
    keepMine: (label: string) => `להשאיר את שלי: ${label}`,
    takeTheirs: (label: string) => `לקחת את האחר: ${label}`,
    choice: (label: string) => `מה לשמור ב${label}`,
    allMine: 'את שלי בכל השדות',
    allTheirs: 'את האחר בכל השדות',
    merge: 'מיזוג: כל שדה מהצד ששינה אותו',
    apply: 'החלת הבחירה בטופס',
    applied: 'הבחירה הוחלה בטופס. בדקו ושמרו.',
    both: 'שניכם שיניתם',
    none: '(ריק)',
    absent: '(אין)',
  },
} as const;
