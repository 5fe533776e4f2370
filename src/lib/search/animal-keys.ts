/**
 * Everything the catalogue computes from an animal's name and description, in one pass: the name's
 * sort key, the folded text, the stored words (./search-words.ts storedWords) and the words with a
 * letter with their base forms (`search_word`). The same values as sortKey, searchText, storedWords and
 * catalogueWords give one by one, with the name and the description folded once each and every base
 * form remembered (a catalogue repeats its words): what the catalogue index computes for each animal
 * written behind its back, many thousand at a time after a spreadsheet import.
 */
import { foldHebrew, sortKeyOfFolded } from './hebrew.ts';
import { baseForm, wordsOfFolded } from './search-words.ts';
import type { FormRow } from './catalogue-words.ts';

interface AnimalKeys {
  name_key: string;
  search_text: string;
  search_words: string;
  name_words: string;
  /** Its distinct words with a letter and their base forms. */
  forms: FormRow[];
}

/** Base forms computed so far; emptied when it grows past MOST_REMEMBERED (a catalogue has far fewer words). */
const remembered = new Map<string, string>();
const MOST_REMEMBERED = 200_000;
const LETTER = /\p{L}/u;

/** The base form of a catalogue word (./search-words.ts baseForm), remembered. */
function rememberedBase(word: string): string {
  let base = remembered.get(word);
  if (base === undefined) {
    if (remembered.size >= MOST_REMEMBERED) remembered.clear();
    remembered.set(word, (base = baseForm(word)));
  }
  return base;
}

const spaced = (words: Iterable<string>) => {
  const joined = [...words].join(' ');
  return joined ? ` ${joined} ` : '';
};

export function animalKeys(name: string, description: string): AnimalKeys {
  const foldedName = foldHebrew(name);
  const foldedDescription = foldHebrew(description);
  // Folding joins as the parts do: each part's spaces collapse and trim, and one space stands between.
  const search_text =
    foldedName && foldedDescription ? `${foldedName} ${foldedDescription}` : foldedName || foldedDescription;
  const nameWords = wordsOfFolded(foldedName);
  const all = new Set(nameWords);
  for (const word of wordsOfFolded(foldedDescription)) all.add(word);
  const forms: FormRow[] = [];
  for (const word of all) if (LETTER.test(word)) forms.push({ word, base: rememberedBase(word) });
  return {
    name_key: sortKeyOfFolded(foldedName),
    search_text,
    search_words: spaced(all),
    name_words: spaced(new Set(nameWords)),
    forms,
  };
}
