/**
 * What search tries when nothing matches, defined once for the databases and the static build:
 * the query typed in the other keyboard layout (Hebrew SI-1452 ↔ English QWERTY), then spelling
 * corrections against the catalogue's own words. See docs/search.md.
 */
import { baseForm, withoutPrefixes, wordsOf } from './search-words.ts';
import { compareCodePoints } from './search-rules.ts';

/** The English QWERTY key under each letter of the Hebrew layout (SI-1452), lower case. */
const HEBREW_KEYS: Readonly<Record<string, string>> = {
  '/': 'q',
  "'": 'w',
  ק: 'e',
  ר: 'r',
  א: 't',
  ט: 'y',
  ו: 'u',
  ן: 'i',
  ם: 'o',
  פ: 'p',
  ש: 'a',
  ד: 's',
  ג: 'd',
  כ: 'f',
  ע: 'g',
  י: 'h',
  ח: 'j',
  ל: 'k',
  ך: 'l',
  ף: ';',
  ',': "'",
  ז: 'z',
  ס: 'x',
  ב: 'c',
  ה: 'v',
  נ: 'b',
  מ: 'n',
  צ: 'm',
  ת: ',',
  ץ: '.',
  '.': '/',
};
const TO_ENGLISH = new Map(Object.entries(HEBREW_KEYS).filter(([key]) => /\p{Script=Hebrew}/u.test(key)));
const TO_HEBREW = new Map(Object.entries(HEBREW_KEYS).map(([hebrew, english]) => [english, hebrew]));

/**
 * The text as it would have come out in the other layout: a text with Latin letters (and no Hebrew)
 * becomes Hebrew (`sreui` → `דרקון`, `j,uk` → `חתול`); a Hebrew text becomes Latin (`ודנ` → `usb`).
 * Undefined when there is nothing to convert or the result is the same text.
 */
export function otherLayout(text: string): string | undefined {
  const hebrew = /\p{Script=Hebrew}/u.test(text);
  const latin = /[a-z]/i.test(text);
  if (hebrew === latin) return undefined;
  const converted = hebrew
    ? [...text].map((character) => TO_ENGLISH.get(character) ?? character).join('')
    : [...text.toLowerCase()].map((character) => TO_HEBREW.get(character) ?? character).join('');
  return converted === text ? undefined : converted;
}

/** Letters a word may be misspelled by: 1 edit from 4 letters on, 2 from 7 letters on. */
export function allowedEdits(word: string): number {
  const length = [...word].length;
  return length >= 7 ? 2 : length >= 4 ? 1 : 0;
}

const HALF = new Set(['ו', 'י']);

/**
 * Edit distance where inserting or dropping a ו or י (כתיב מלא/חסר) costs half, and every other
 * insertion, deletion, substitution or swap of two neighbours costs one.
 */
export function spellingDistance(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  const cost = (letter: string) => (HALF.has(letter) ? 0.5 : 1);
  let before: number[] = [];
  let previous: number[] = [0];
  for (let j = 1; j <= y.length; j++) previous[j] = previous[j - 1]! + cost(y[j - 1]!);
  for (let i = 1; i <= x.length; i++) {
    const row: number[] = [previous[0]! + cost(x[i - 1]!)];
    for (let j = 1; j <= y.length; j++) {
      let best = Math.min(
        previous[j]! + cost(x[i - 1]!),
        row[j - 1]! + cost(y[j - 1]!),
        previous[j - 1]! + (x[i - 1] === y[j - 1] ? 0 : 1),
      );
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) best = Math.min(best, before[j - 2]! + 1);
      row[j] = best;
    }
    before = previous;
    previous = row;
  }
  return previous[y.length]!;
}

/** The catalogue's words (those with a letter) and their base forms: what spelling corrections choose from. */
export interface Vocabulary {
  words: readonly string[];
  known: ReadonlySet<string>;
  bases: ReadonlySet<string>;
}

export function vocabularyOf(words: Iterable<string>): Vocabulary {
  const letters = [...new Set(words)].filter((word) => /\p{L}/u.test(word)).sort(compareCodePoints);
  return { words: letters, known: new Set(letters), bases: new Set(letters.map(baseForm)) };
}

/** Is some catalogue word matched by this query word (as a word, a base form, or the start of a word if last)? */
function known(word: string, last: boolean, vocabulary: Vocabulary): boolean {
  if (vocabulary.known.has(word)) return true;
  const forms = [word, ...withoutPrefixes(word)];
  if (forms.some((form) => vocabulary.bases.has(baseForm(form)))) return true;
  return last && vocabulary.words.some((candidate) => forms.some((form) => candidate.startsWith(form)));
}

/** The closest catalogue word within the word's allowed edits: nearest, then first in code-point order. */
function closest(word: string, vocabulary: Vocabulary): string | undefined {
  const allowed = allowedEdits(word);
  if (allowed === 0) return undefined;
  let best: { word: string; distance: number } | undefined;
  const length = [...word].length;
  // In code-point order: the first of equally near words stays.
  for (const candidate of vocabulary.words) {
    if (Math.abs([...candidate].length - length) > allowed * 2) continue;
    const distance = spellingDistance(word, candidate);
    if (distance === 0 || distance > allowed) continue;
    if (!best || distance < best.distance) best = { word: candidate, distance };
  }
  return best?.word;
}

/**
 * The query with each word the catalogue does not know replaced by its closest catalogue word; undefined
 * when a word is unknown and has no close word, or when every word is known (nothing to correct).
 */
export function correctSpelling(search: string, vocabulary: Vocabulary): string | undefined {
  const words = wordsOf(search);
  let changed = false;
  const corrected: string[] = [];
  for (const [index, word] of words.entries()) {
    if (known(word, index === words.length - 1, vocabulary)) {
      corrected.push(word);
      continue;
    }
    const replacement = closest(word, vocabulary);
    if (!replacement) return undefined;
    corrected.push(replacement);
    changed = true;
  }
  return changed ? corrected.map(withFinalLetter).join(' ') : undefined;
}

const FINAL_FORMS: Readonly<Record<string, string>> = { כ: 'ך', מ: 'ם', נ: 'ן', פ: 'ף', צ: 'ץ' };

/** A folded Hebrew word as it is written: its last letter in final form (דרקונ → דרקון). */
export function withFinalLetter(word: string): string {
  const last = word.at(-1) ?? '';
  return word.length > 1 && /\p{Script=Hebrew}/u.test(word.at(-2) ?? '') && FINAL_FORMS[last]
    ? word.slice(0, -1) + FINAL_FORMS[last]
    : word;
}
