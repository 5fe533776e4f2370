/**
 * Hebrew text normalisation, shared by the stored search columns (computed at write time) and the
 * search query (computed at read time), so that both sides meet in the catalogue index on every
 * deployment.
 */

/** Final letter forms and the regular letters they stand for. */
const FINAL_LETTERS: Readonly<Record<string, string>> = {
  ך: 'כ',
  ם: 'מ',
  ן: 'נ',
  ף: 'פ',
  ץ: 'צ',
};
const FINAL_LETTER_PATTERN = /[ךםןףץ]/g;

/** Niqqud, cantillation and every other combining mark (after NFD decomposition). */
const MARKS = /\p{M}/gu;

/**
 * Folds text for matching: drops niqqud and other marks, maps final letters to their
 * regular forms, lower-cases Latin, collapses white space. 'שָׁלוֹם' and 'שלומ' both fold to 'שלומ'.
 */
export function foldHebrew(text: string): string {
  return text
    .normalize('NFD')
    .replace(MARKS, '')
    .replace(FINAL_LETTER_PATTERN, (letter) => FINAL_LETTERS[letter] ?? letter)
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** The text an animal is searched by: its name and description, folded. */
export function searchText(...parts: readonly string[]): string {
  return foldHebrew(parts.join(' '));
}

/**
 * Every character a name is likely to hold, in the order of Hebrew collation (Intl.Collator('he'),
 * CLDR, at primary strength): white space, punctuation (the geresh ׳ and gershayim ״ together with
 * the ASCII ' and " written in their place), symbols, digits, Hebrew letters (final forms with
 * their regular ones), then Latin. Each string is one group of characters that sort as equal.
 */
const COLLATION_GROUPS = [
  ' ',
  '_',
  '-',
  ',',
  ';',
  ':',
  '!',
  '?',
  '.',
  "'׳",
  '"״',
  '(',
  ')',
  '[',
  ']',
  '{',
  '}',
  '@',
  '*',
  '/',
  '\\',
  '&',
  '#',
  '%',
  '־',
  '׀',
  '׃',
  '׆',
  '`',
  '^',
  '+',
  '<',
  '=',
  '>',
  '|',
  '~',
  '$',
  '0',
  '1',
  '2',
  '3',
  '4',
  '5',
  '6',
  '7',
  '8',
  '9',
  'א',
  'ב',
  'ג',
  'ד',
  'ה',
  'ו',
  'ז',
  'ח',
  'ט',
  'י',
  'ךכ',
  'ל',
  'םמ',
  'ןנ',
  'ס',
  'ע',
  'ףפ',
  'ץצ',
  'ק',
  'ר',
  'ש',
  'ת',
  ...'abcdefghijklmnopqrstuvwxyz',
] as const;

/** Each known character's place, as one character (from U+0100 on) whose code point order is that order. */
const COLLATION_RANK = new Map<string, string>(
  COLLATION_GROUPS.flatMap((group, rank) =>
    [...group].map((character) => [character, String.fromCharCode(0x100 + rank)] as const),
  ),
);
/** Characters outside the table sort after all of it, among themselves by code point. */
const UNRANKED = '\u01ff';

/**
 * A key whose plain binary order (SQLite's binary collation, PostgreSQL's "C") is Hebrew
 * alphabetical order, as Intl.Collator('he') sorts: marks ignored, final letters in the place of
 * their regular forms, punctuation before digits before letters, Hebrew before Latin.
 */
export function sortKey(name: string): string {
  return sortKeyOfFolded(foldHebrew(name));
}

/** sortKey of a name already folded. */
export function sortKeyOfFolded(folded: string): string {
  let key = '';
  for (const character of folded) key += COLLATION_RANK.get(character) ?? UNRANKED + character;
  return key;
}
