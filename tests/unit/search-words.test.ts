/**
 * The matching rules of src/lib/search/search-words.ts and src/lib/search/search-corrections.ts on their own: the
 * word list of docs/search.md, read the way the rules promise.
 */
import { describe, expect, it } from 'vitest';
import {
  allowedEdits,
  correctSpelling,
  otherLayout,
  spellingDistance,
  vocabularyOf,
  withFinalLetter,
} from '../../src/lib/search/index.ts';
import {
  baseForm,
  catalogueWords,
  matchesPlan,
  planSearch,
  withoutPrefixes,
  wordsOf,
} from '../../src/lib/search/index.ts';

/** Base form of a word as typed (the rules work on folded words: final letters regular). */
const base = (word: string) => baseForm(wordsOf(word)[0]!);

describe('words', () => {
  it('splits at anything but letters, digits and geresh, folded', () => {
    expect(wordsOf('דְּרָקוֹן ירוק, Wi-Fi 100%')).toEqual(['דרקונ', 'ירוק', 'wi', 'fi', '100']);
    expect(wordsOf('ג׳ירפה "צה״ל" חד-קרן')).toEqual(["ג'ירפה", 'צה"ל', 'חד', 'קרנ']);
    expect(wordsOf('% _ ₪ 🐉')).toEqual([]);
  });
});

describe('base forms', () => {
  it.each([
    ['plural ־ים', ['דרקון', 'דרקונים']],
    ['plural, ktiv male', ['ינשוף', 'ינשופים', 'ינשופה']],
    ['feminine and its construct', ['חתול', 'חתולה', 'חתולים', 'חתולות']],
    ['construct ־ת', ['כבשת', 'כבשה', 'כבשים']],
    ['feminine ־ית and plural ־יות', ['זיקית', 'זיקיות']],
    ['ktiv male and haser', ['פינגווין', 'פינגוין', 'פינגווינים']],
    ['doubled ו and י', ['לוויתן', 'לויתן', 'לווייתנים']],
    ['doubled י', ['שמיים', 'שמים']],
    ['geresh', ['ג׳ירפה', "ג'ירפה", 'גירפה', 'ג׳ירפת', 'ג׳ירפות']],
    ['construct plural ־י', ['יצורים', 'יצורי']],
    ['a missing ו', ['דרקון', 'דרקן']],
  ])('gives one base to %s', (_name, words) => {
    expect(new Set(words.map(base)).size).toBe(1);
  });

  it.each([
    ['דרקונים', 'דרור'],
    ['דרקונים', 'כוכבים'],
    ['צבים', 'צבעונים'],
    ['צבים', 'צבי'],
    ['שועל', 'שעל'],
    ['שיר', 'שר'],
    ['קשת', 'קש'],
    ['חתולים', 'חתלתולים'],
  ])('keeps %s apart from %s', (a, b) => {
    expect(base(a)).not.toBe(base(b));
  });

  it('leaves Latin and digits as they are', () => {
    expect(baseForm('usb')).toBe('usb');
    expect(baseForm('100')).toBe('100');
  });
});

describe('prefix letters', () => {
  it.each([
    ['הדרקונ', ['דרקונ']],
    ['לדרקונ', ['דרקונ']],
    ['והדרקונ', ['הדרקונ', 'דרקונ']],
    ['כשהדרקונ', ['שהדרקונ', 'הדרקונ', 'דרקונ']],
    ['הצב', ['צב']],
  ])('reads %s as %j', (word, rests) => {
    expect(withoutPrefixes(word).sort()).toEqual([...rests].sort());
  });

  it.each([
    ['מימ', 'water is not מ + sea'],
    ['כלבימ', 'כל is no cluster, and לבים leaves a two-letter base'],
    ['כוכבימ', 'a remainder does not start with ו'],
    ['דרקונ', 'ד is no prefix'],
    ['usb', 'Latin'],
  ])('does not strip %s (%s)', (word) => {
    expect(withoutPrefixes(word)).toEqual([]);
  });

  it('reads a catalogue word as prefix + word only after the article', () => {
    expect(planSearch('שמיים', () => true).words[0]!.bases).toEqual([baseForm('שמיימ')]);
    expect(planSearch('שמיים', () => false).words[0]!.bases).toContain(baseForm('מיימ'));
    expect(planSearch('הצב', () => true).words[0]!.bases).toContain('צב');
  });
});

describe('matching an animal', () => {
  const owl = { name: 'ינשוף קשת', description: 'ינשוף שצובע כל בוקר את השמיים.' };
  const words = catalogueWords(owl.name, owl.description);
  const text = wordsOf(`${owl.name} ${owl.description}`).join(' ');
  const matches = (search: string) =>
    matchesPlan(
      planSearch(search, () => false),
      text,
      words,
    );

  it('needs every word, in any order, in any form', () => {
    expect(matches('קשת ינשוף')).toBe(true);
    expect(matches('ינשופים')).toBe(true);
    expect(matches('הינשוף קשת')).toBe(true);
    expect(matches('ינשוף דרקון')).toBe(false);
  });

  it('takes the last word as the start of a word', () => {
    expect(matches('ינשוף קש')).toBe(true);
    expect(matches('קש ינשוף')).toBe(false);
  });

  it('matches the whole text literally, and nothing for text without words', () => {
    expect(matches('וף קש')).toBe(true);
    expect(matches('%')).toBe(false);
    expect(matches('')).toBe(true);
  });
});

describe('keyboard layouts (SI-1452 and QWERTY)', () => {
  it.each([
    ['sreui', 'דרקון'],
    ['j,uk', 'חתול'],
    ['hbau;', 'ינשוף'],
    ['SREUI', 'דרקון'],
  ])('reads %s as %s', (typed, meant) => {
    expect(otherLayout(typed)).toBe(meant);
  });

  it.each([
    ['ודנ', 'usb'],
    ['נךוקאםםאי', 'bluetooth'],
  ])('reads %s as %s', (typed, meant) => {
    expect(otherLayout(typed)).toBe(meant);
  });

  it('leaves mixed or letterless text alone', () => {
    expect(otherLayout('אוגר usb')).toBeUndefined();
    expect(otherLayout('100')).toBeUndefined();
  });
});

describe('spelling', () => {
  it('counts a ו or י inserted or missing as half an edit', () => {
    expect(spellingDistance('דרקנ', 'דרקונ')).toBe(0.5);
    expect(spellingDistance('פינגוינ', 'פינגווינ')).toBe(0.5);
    expect(spellingDistance('דקרונ', 'דרקונ')).toBe(1);
    expect(spellingDistance('ינשוב', 'ינשופ')).toBe(1);
    expect(spellingDistance('abc', 'xyz')).toBe(3);
  });

  it('allows one edit from 4 letters and two from 7', () => {
    expect([3, 4, 6, 7, 9].map((length) => allowedEdits('א'.repeat(length)))).toEqual([0, 1, 1, 2, 2]);
  });

  const vocabulary = vocabularyOf(['דרקונ', 'דרורימ', 'ינשופ', 'ינשוב', 'תרנגול', '123']);

  it('replaces unknown words by the closest catalogue word (first in code-point order), written with its final letter', () => {
    expect(correctSpelling('דקרון', vocabulary)).toBe('דרקון');
    expect(correctSpelling('ינשוק דרקון', vocabulary)).toBe('ינשוב דרקון'); // equally near: code-point order
    expect(correctSpelling('ינשופפ', vocabulary)).toBe('ינשוף');
    expect(correctSpelling('תרנגולל', vocabulary)).toBe('תרנגול');
  });

  it('gives up when a word has nothing close, or nothing needs correcting', () => {
    expect(correctSpelling('דרקון', vocabulary)).toBeUndefined();
    expect(correctSpelling('דקרון קסת', vocabulary)).toBeUndefined();
    expect(correctSpelling('אבגדה', vocabulary)).toBeUndefined();
  });

  it('writes final letters only at the end of Hebrew words', () => {
    expect(['דרקונ', 'ינשופ', 'usb', 'מ'].map(withFinalLetter)).toEqual(['דרקון', 'ינשוף', 'usb', 'מ']);
  });
});
