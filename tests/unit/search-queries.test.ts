/**
 * What Hebrew shoppers type (docs/search.md), against the seed catalogue — plurals, prefix letters and their
 * clusters, construct and feminine forms, כתיב מלא/חסר, geresh, the wrong keyboard layout both ways,
 * misspellings, several words in any order, Hebrew with Latin. Each query lists animals it must find
 * and animals it must not; SQLite, PostgreSQL and the static build's browser search must give the same
 * answer (animals, order, total, correction).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AnimalSearchResult } from '../../src/lib/schemas.ts';
import { IndexCatalogue } from '../../src/features/animal-list/index-catalogue.ts';
import { describeEachDatabase } from '../helpers/databases.ts';
import { openTestShop, type TestShop } from '../helpers/shop.ts';

const DRAGONS = ['thimble-dragon', 'deep-sea-dragon', 'tea-dragoness'];
const OWLS = ['rainbow-owl', 'calculator-owl'];
const TURTLES = ['cactus-tortoise', 'lava-turtle'];

interface Row {
  query: string;
  /** What the row tries. */
  kind: string;
  finds: string[];
  not?: string[];
  /** The correction the answer must say it used (none when absent). */
  correction?: 'layout' | 'spelling';
  correctedQuery?: string;
}

const TABLE: Row[] = [
  { query: 'דרקון', kind: 'literal', finds: DRAGONS, not: ['star-sparrow'] },
  { query: 'דרקונים', kind: 'plural ־ים', finds: DRAGONS, not: ['star-sparrow'] },
  { query: 'הדרקון', kind: 'prefix ה', finds: DRAGONS },
  { query: 'לדרקון', kind: 'prefix ל', finds: DRAGONS },
  { query: 'והדרקונים', kind: 'cluster וה + plural', finds: DRAGONS },
  { query: 'שהדרקון', kind: 'cluster שה', finds: DRAGONS },
  { query: 'כשהדרקונים', kind: 'cluster כשה + plural', finds: DRAGONS },
  { query: 'ולדרקונים', kind: 'cluster ול + plural', finds: DRAGONS },
  { query: 'דרקונית', kind: 'feminine ־ית', finds: DRAGONS },
  { query: 'ינשוף', kind: 'literal', finds: OWLS },
  { query: 'ינשופים', kind: 'plural, final letter', finds: OWLS },
  { query: 'הינשוף', kind: 'prefix ה', finds: OWLS },
  { query: 'לינשופים', kind: 'prefix ל + plural', finds: OWLS },
  { query: 'אוגרים', kind: 'plural', finds: ['usb-hamster'] },
  { query: 'האוגר', kind: 'prefix ה', finds: ['usb-hamster'] },
  { query: 'חתולים', kind: 'plural', finds: ['shadow-cat', 'wind-kitten'] },
  { query: 'חתולה', kind: 'feminine ־ה', finds: ['shadow-cat', 'wind-kitten'] },
  { query: 'חתלתולים', kind: 'plural of a construct name (חתלתולת)', finds: ['wind-kitten', 'ember-kitten'] },
  { query: 'צבים', kind: 'short plural', finds: TURTLES, not: ['tulip-frog'] },
  // As the last word, הצב is also the start of הצבעונים: typed so far, it may still become that.
  { query: 'הצב', kind: 'article + two letters, though a description has הצב', finds: [...TURTLES, 'tulip-frog'] },
  { query: 'הצבים', kind: 'article + short plural', finds: TURTLES, not: ['tulip-frog'] },
  { query: 'צבעונים', kind: 'plural, not צב', finds: ['tulip-frog'], not: TURTLES },
  { query: 'כוכבים', kind: 'plural in a name', finds: ['star-sparrow'], not: DRAGONS },
  { query: 'כוכב', kind: 'singular of a plural name', finds: ['star-sparrow'] },
  { query: 'כבשים', kind: 'plural of a construct name (כבשת)', finds: ['cloud-sheep'] },
  { query: 'כבשה', kind: 'feminine', finds: ['cloud-sheep'] },
  { query: 'לטאות', kind: 'plural ־ות', finds: ['kite-lizard', 'sun-lizard'] },
  { query: 'הלטאה', kind: 'article + feminine', finds: ['kite-lizard', 'sun-lizard'] },
  { query: 'שועלים', kind: 'plural', finds: ['sand-fox', 'mushroom-fox'] },
  { query: 'שועלה', kind: 'feminine of a construct name (שועלת)', finds: ['sand-fox', 'mushroom-fox'] },
  { query: 'ארנבים', kind: 'plural', finds: ['polar-bunny', 'firefly-hare'] },
  { query: 'ארנבת', kind: 'feminine construct', finds: ['polar-bunny', 'firefly-hare'] },
  { query: 'פילים', kind: 'plural', finds: ['matchbox-elephant'] },
  { query: 'צפרדעים', kind: 'plural', finds: ['tulip-frog'] },
  { query: 'דבורים', kind: 'plural of a construct name (דבורת)', finds: ['jam-bee'] },
  { query: 'עטלפים', kind: 'plural', finds: ['icicle-bat'] },
  { query: 'תולעים', kind: 'plural of ־ת', finds: ['mint-worm'] },
  { query: 'זאבים', kind: 'plural', finds: ['pocket-moon-wolf'] },
  { query: 'עכבישים', kind: 'plural', finds: ['zodiac-spider'] },
  { query: 'תנינים', kind: 'plural', finds: ['wind-up-crocodile'] },
  { query: 'חיפושיות', kind: 'plural ־יות', finds: ['bluetooth-beetle'] },
  { query: 'חמוסים', kind: 'plural', finds: ['spark-ferret'] },
  { query: 'פינגווין', kind: 'ktiv male', finds: ['pea-penguin'] },
  { query: 'פינגוין', kind: 'ktiv haser', finds: ['pea-penguin'] },
  { query: 'פינגווינים', kind: 'ktiv male + plural', finds: ['pea-penguin'] },
  { query: 'לויתן', kind: 'ktiv haser (one ו)', finds: ['sky-whale'] },
  { query: 'לווייתנים', kind: 'ktiv male + plural', finds: ['sky-whale'] },
  { query: 'דרקן', kind: 'missing ו (ktiv haser)', finds: DRAGONS },
  { query: 'שמיים', kind: 'a word that is not prefix + word', finds: ['sky-whale'], not: ['teapot-octopus'] },
  { query: 'כלבים', kind: 'not כ + לבים', finds: ['blizzard-husky'], not: ['teapot-octopus', 'lava-turtle'] },
  { query: 'ג׳ירפה', kind: 'geresh', finds: ['sunflower-giraffe'] },
  { query: "ג'ירפה", kind: 'ASCII apostrophe for geresh', finds: ['sunflower-giraffe'] },
  { query: 'גירפה', kind: 'geresh left out', finds: ['sunflower-giraffe'] },
  { query: 'ג׳ירפות', kind: 'geresh + plural', finds: ['sunflower-giraffe'] },
  {
    query: 'sreui',
    kind: 'Hebrew typed in the English layout',
    finds: DRAGONS,
    correction: 'layout',
    correctedQuery: 'דרקון',
  },
  {
    query: 'hbau;',
    kind: 'English layout, final letter key',
    finds: OWLS,
    correction: 'layout',
    correctedQuery: 'ינשוף',
  },
  { query: 'j,uk', kind: 'English layout, ת on the comma key', finds: ['shadow-cat'], correction: 'layout' },
  {
    query: 'ודנ',
    kind: 'English typed in the Hebrew layout',
    finds: ['usb-hamster'],
    correction: 'layout',
    correctedQuery: 'usb',
  },
  {
    query: 'נךוקאםםאי',
    kind: 'English typed in the Hebrew layout, final letters',
    finds: ['bluetooth-beetle'],
    correction: 'layout',
    correctedQuery: 'bluetooth',
  },
  { query: 'דקרון', kind: 'two letters swapped', finds: DRAGONS, correction: 'spelling', correctedQuery: 'דרקון' },
  { query: 'קיפד', kind: 'missing ו (half an edit)', finds: ['pearl-urchin', 'lawn-hedgehog'], correction: 'spelling' },
  { query: 'ינשוב', kind: 'one letter wrong', finds: OWLS, correction: 'spelling', correctedQuery: 'ינשוף' },
  { query: 'תרנגולל', kind: 'one letter too many (7 letters)', finds: ['grill-rooster'], correction: 'spelling' },
  { query: 'קשת ינשוף', kind: 'two words, other order', finds: ['rainbow-owl'], not: ['calculator-owl'] },
  { query: 'ינשוף קשת', kind: 'two words', finds: ['rainbow-owl'], not: ['calculator-owl'] },
  { query: 'ינשופים קשת', kind: 'two words, one plural', finds: ['rainbow-owl'], not: ['calculator-owl'] },
  { query: 'אוגר usb', kind: 'Hebrew and Latin', finds: ['usb-hamster'] },
  { query: 'usb אוגרים', kind: 'Latin and Hebrew plural', finds: ['usb-hamster'] },
  { query: 'USB', kind: 'Latin case', finds: ['usb-hamster'] },
  { query: 'חיפושית Bluetooth', kind: 'Hebrew and Latin', finds: ['bluetooth-beetle'] },
  { query: 'סוסון 3', kind: 'a digit', finds: ['three-headed-seahorse'] },
  { query: 'דרק', kind: 'the start of a word', finds: DRAGONS },
  { query: 'ינשוף ק', kind: 'the last word as the start of a word', finds: ['rainbow-owl'] },
  { query: 'הדרק', kind: 'prefix ה + the start of a word', finds: DRAGONS },
  { query: 'אין כזה תיפלץ', kind: 'nothing', finds: [] },
  { query: 'zzz', kind: 'nothing, Latin', finds: [] },
];

describeEachDatabase('what shoppers type finds what they meant', (database) => {
  let shop: TestShop;
  let browser: IndexCatalogue;
  beforeAll(async () => {
    shop = await openTestShop({}, database);
    browser = IndexCatalogue.build((await shop.catalogue.searchAnimals({ search: '', sort: 'name' })).animals);
  });
  afterAll(() => shop?.dispose());

  const slugs = (result: AnimalSearchResult) => result.animals.map((animal) => animal.slug);

  it.each(TABLE)('$query ($kind)', async ({ query, finds, not = [], correction, correctedQuery }) => {
    const response = await shop.get(`/animals/search?search=${encodeURIComponent(query)}&sort=price`);
    expect(response.status).toBe(200);
    const api = (await response.json()) as AnimalSearchResult;
    const found = slugs(api);
    for (const slug of finds) expect(found, `${query} finds ${slug}`).toContain(slug);
    for (const slug of not) expect(found, `${query} does not find ${slug}`).not.toContain(slug);
    if (finds.length === 0) expect(api.total).toBe(0);
    expect(api.total).toBe(found.length);
    expect(api.correction).toBe(correction);
    if (correctedQuery !== undefined) expect(api.correctedQuery).toBe(correctedQuery);
    if (correction === undefined) expect(api.correctedQuery).toBeUndefined();
    // The static build's browser search answers the same.
    const local = await browser.search({ search: query, sort: 'price' });
    expect(slugs(local)).toEqual(found);
    expect(local.total).toBe(api.total);
    expect([local.correction, local.correctedQuery]).toEqual([api.correction, api.correctedQuery]);
  });

  it('turns corrections off with exact=1', async () => {
    const response = await shop.get('/animals/search?search=sreui&exact=1');
    expect(await response.json()).toMatchObject({ animals: [], total: 0 });
    expect((await browser.search({ search: 'sreui', sort: 'name', exact: true })).total).toBe(0);
  });
});
