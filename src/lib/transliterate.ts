/**
 * An address name (slug) offered from a Hebrew name: each Hebrew letter written in Latin letters as
 * it is commonly spelled (ש → sh, צ → ts, ח → ch; א and ע silent), Latin letters and digits kept, and
 * everything else one hyphen — so the result meets the slug rule of src/lib/schemas.ts (small Latin
 * letters, digits, single hyphens), up to `max` characters. The owner may change it.
 */
const LETTERS: Record<string, string> = {
  א: '',
  ב: 'b',
  ג: 'g',
  ד: 'd',
  ה: 'h',
  ו: 'v',
  ז: 'z',
  ח: 'ch',
  ט: 't',
  י: 'y',
  כ: 'k',
  ך: 'ch',
  ל: 'l',
  מ: 'm',
  ם: 'm',
  נ: 'n',
  ן: 'n',
  ס: 's',
  ע: '',
  פ: 'p',
  ף: 'f',
  צ: 'ts',
  ץ: 'ts',
  ק: 'k',
  ר: 'r',
  ש: 'sh',
  ת: 't',
};

export function slugFromName(name: string, max = 80): string {
  const latin = [
    ...name
      .normalize('NFD')
      .replace(/[\u0591-\u05c7]/g, '')
      .toLowerCase(),
  ]
    .map((character) => (character in LETTERS ? LETTERS[character] : /[a-z0-9]/.test(character) ? character : '-'))
    .join('');
  return latin.replace(/-+/g, '-').replace(/^-|-$/g, '').slice(0, max).replace(/-$/, '');
}
