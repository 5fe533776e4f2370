/**
 * Searches that found nothing, kept for the owner (src/server/db/search/unfound-searches.ts) on both databases:
 * cleaned, cut to 64 characters, e-mail addresses and phone numbers never kept, counted per day across
 * servers and restarts, the most frequent first, nothing older than 90 days; and counted by the production
 * front from the answers themselves, a search answered from memory included.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keptUnfoundText, createUnfoundSearches } from '../../src/server/db/search/unfound-searches.ts';
import { describeEachDatabase } from '../helpers/databases.ts';
import { getOnce, startFront, type FrontServer } from '../helpers/front-server.ts';
import { openTestShop, type TestShop } from '../helpers/shop.ts';

describe('what is kept of a search that found nothing', () => {
  it.each([
    ['  דרקון   ורוד ', 'דרקון ורוד'],
    ['א'.repeat(80), 'א'.repeat(64)],
    ['a'.repeat(63) + ' b', 'a'.repeat(63)],
    ['dragon 2024', 'dragon 2024'],
  ])('keeps %j as %j', (typed, kept) => {
    expect(keptUnfoundText(typed)).toBe(kept);
  });

  it.each([
    'dana@example.co.il',
    'כתבו לי dana.l@mail.example',
    '054-1234567',
    '+972 54 123 4567',
    '(03) 123-4567',
    '   ',
  ])('drops %j', (typed) => {
    expect(keptUnfoundText(typed)).toBeUndefined();
  });
});

describeEachDatabase('searches that found nothing, in the database', (database) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await openTestShop({}, database);
  });
  afterAll(() => shop?.dispose());

  it('counts per day across servers, lists the most frequent, and forgets after 90 days', async () => {
    const day = (iso: string) => () => Date.parse(`${iso}T12:00:00Z`);
    // Two servers on one database, on 1 March; one of them again on 2 March.
    const first = createUnfoundSearches(shop.database.db, { now: day('2026-03-01') });
    const second = createUnfoundSearches(shop.database.db, { now: day('2026-03-01') });
    for (const text of ['זברה כחולה', 'זברה כחולה', 'חד קרן', 'dana@example.com']) first.record(text);
    second.record('זברה כחולה');
    second.record('0541234567');
    await Promise.all([first.flush(), second.flush()]);
    const later = createUnfoundSearches(shop.database.db, { now: day('2026-03-02') });
    later.record('חד קרן');
    later.record('חד קרן');
    later.record('חד קרן');
    await later.flush();

    expect(await later.mostFrequent()).toEqual([
      { text: 'חד קרן', count: 4, lastDay: '2026-03-02' },
      { text: 'זברה כחולה', count: 3, lastDay: '2026-03-01' },
    ]);
    const rows = await shop.database.db
      .selectFrom('unfound_search')
      .selectAll()
      .orderBy('day')
      .orderBy('text')
      .execute();
    expect(rows.map((row) => [row.day, row.text, Number(row.count)])).toEqual([
      ['2026-03-01', 'זברה כחולה', 3],
      ['2026-03-01', 'חד קרן', 1],
      ['2026-03-02', 'חד קרן', 3],
    ]);

    // Ninety-one days after 1 March, only 2 March's row is left (a writing purges).
    const summer = createUnfoundSearches(shop.database.db, { now: day('2026-05-31') });
    summer.record('עוד משהו');
    await summer.flush();
    expect(await summer.mostFrequent()).toEqual([
      { text: 'חד קרן', count: 3, lastDay: '2026-03-02' },
      { text: 'עוד משהו', count: 1, lastDay: '2026-05-31' },
    ]);
    expect(
      (await shop.database.db.selectFrom('unfound_search').select('day').execute()).map((row) => row.day).sort(),
    ).toEqual(['2026-03-02', '2026-05-31']);
  });
});

describe('the front counts what found nothing', () => {
  let shop: TestShop;
  let front: FrontServer;
  beforeAll(async () => {
    shop = await openTestShop({ CACHE_ENTRIES: '100' });
    front = await startFront(shop);
  });
  afterAll(async () => {
    await front?.close();
    await shop?.dispose();
  });

  it('from each answer, kept or made, and never a search that found animals', async () => {
    const search = (text: string) =>
      getOnce(front.port, `/api/animals/search?search=${encodeURIComponent(text)}`, { Host: 'shop.test' });
    await search('צב ירקרק מעופף');
    await search('צב ירקרק מעופף'); // from memory
    await search('דרקון');
    await search('sreui'); // the other layout found it
    await front.settled();
    await shop.unfound.flush();
    expect((await shop.unfound.mostFrequent()).map(({ text, count }) => [text, count])).toEqual([
      ['צב ירקרק מעופף', 2],
    ]);
  });
});
