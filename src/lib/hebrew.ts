/**
 * Hebrew text normalisation, shared by the search column (computed at write time)
 * and the search query (computed at read time), so that both sides meet in plain SQL
 * on every database.
 */

/** Final letter forms and the regular letters they stand for. */
const FINAL_LETTERS: Readonly<Record<string, string>> = {
  'ך': 'כ',
  'ם': 'מ',
  'ן': 'נ',
  'ף': 'פ',
  'ץ': 'צ',
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
 * A key whose plain binary order is Hebrew alphabetical order: marks ignored,
 * final letters in the place of their regular forms (the order of he-IL collation
 * at its primary strength, for the letters the shop uses).
 */
export function sortKey(name: string): string {
  return foldHebrew(name);
}
