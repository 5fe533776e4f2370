/**
 * The change feed with concurrent writers on PostgreSQL: two servers write at once while a third
 * applies the feed, and nothing is missed — the third's index ends up exactly the catalogue, without
 * reading it whole. A transaction that took its change number first and commits last cannot be slipped
 * past: the later writer waits for its number until the first commits
 * (docs/decisions/0016-catalogue-index-and-change-feed.md).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { createCatalogueIndexKeeper, type CatalogueIndexKeeper } from '../../src/server/search/index.ts';
import { readCatalogueVersion } from '../../src/server/search/index.ts';
import { createAnimalWrites } from '../../src/server/db/catalogue/catalogue-writes.ts';
import { replaceCatalogue } from '../../src/server/db/seed/seed.ts';
import { openShop, type Shop } from '../../src/server/shop.ts';
import { describeOnDatabase } from '../helpers/databases.ts';
import { parityCatalogue } from '../helpers/search-texts.ts';
import { freshDatabase, type FreshLocation } from '../helpers/shop.ts';
import { expectIndexOf } from '../helpers/catalogue-feed.ts';

const owner = { id: 'user_2owner', name: 'בעלת החנות' };

describeOnDatabase('postgres', 'the change feed with concurrent writers [postgres]', () => {
  let location: FreshLocation;
  let servers: Shop[] = [];
  let keeper: CatalogueIndexKeeper;

  beforeAll(async () => {
    location = await freshDatabase('postgres');
    const settings = { ...location.env, SEED_ON_START: 'false', CACHE_ENTRIES: '0' };
    servers = [];
    for (let count = 0; count < 3; count++) servers.push(await openShop(loadConfig(settings), settings));
    await replaceCatalogue(servers[0]!.database.db, parityCatalogue());
    keeper = createCatalogueIndexKeeper(servers[2]!.database.db);
    await keeper.at(await readCatalogueVersion(servers[2]!.database.db));
    await keeper.whenRead();
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
    await location?.remove();
  });

  const reader = () => servers[2]!.database.db;
  const applyNow = async () => keeper.at(await readCatalogueVersion(reader()));

  it('a change numbered first and committed last is applied, not slipped past', async () => {
    const [first, second] = await reader().selectFrom('animal').select('id').orderBy('id').limit(2).execute();
    let wrote!: () => void;
    const written = new Promise<void>((resolve) => (wrote = resolve));
    let commit!: () => void;
    const committing = new Promise<void>((resolve) => (commit = resolve));
    const slow = servers[0]!.writeDatabase.db.transaction().execute(async (trx) => {
      await sql`update animal set price = 111 where id = ${first!.id}`.execute(trx);
      wrote();
      await committing;
    });
    await written;
    const fast = servers[1]!.writeDatabase.db
      .transaction()
      .execute((trx) => sql`update animal set price = 222 where id = ${second!.id}`.execute(trx));
    // The second writer waits for the change number the first holds until it commits.
    for (;;) {
      const { rows } = await sql<{ waiting: number | string }>`
        select count(*) as waiting from pg_locks where not granted`.execute(reader());
      if (Number(rows[0]!.waiting) > 0) break;
    }
    const before = await applyNow();
    expect(before?.animals.find((animal) => animal.id === second!.id)?.price).not.toBe(222);
    commit();
    await Promise.all([slow, fast]);
    const after = await applyNow();
    expect(after?.animals.find((animal) => animal.id === first!.id)?.price).toBe(111);
    expect(after?.animals.find((animal) => animal.id === second!.id)?.price).toBe(222);
  });

  it('two servers writing at once while a third applies: nothing missed, nothing read whole', async () => {
    const reading = keeper.lastReading();
    const ids = (await reader().selectFrom('animal').select('id').orderBy('id').limit(120).execute()).map(
      (row) => row.id,
    );
    const writer = (server: Shop, mine: readonly string[]) => async () => {
      const writes = createAnimalWrites(server.writeDatabase);
      for (const [at, id] of mine.entries()) {
        const current = (await writes.read(id))!;
        if (at % 7 === 3) await writes.hide(owner, id, current.version);
        else await writes.update(owner, id, current.version, { price: 1000 + at, name: `${current.name} ${at}` });
        // Some direct SQL too, each its own transaction.
        if (at % 5 === 0) await sql`update animal set rating = 1 where id = ${id}`.execute(server.writeDatabase.db);
      }
    };
    let writing = true;
    const applying = (async () => {
      let applied = 0;
      while (writing) {
        await applyNow();
        applied++;
      }
      return applied;
    })();
    await Promise.all([
      writer(
        servers[0]!,
        ids.filter((_, at) => at % 2 === 0),
      )(),
      writer(
        servers[1]!,
        ids.filter((_, at) => at % 2 === 1),
      )(),
    ]);
    writing = false;
    expect(await applying).toBeGreaterThan(1);
    const index = await applyNow();
    expect(keeper.lastReading(), 'kept by the feed alone').toBe(reading);
    await expectIndexOf(reader(), index, ['דרקון', '1001', 'ינשוף']);
    const names = new Map(
      (await reader().selectFrom('animal').select(['id', 'name']).where('hidden', '=', false).execute()).map((row) => [
        row.id,
        row.name,
      ]),
    );
    for (const id of ids.filter((id) => names.has(id))) {
      const suffix = names.get(id)!.split(' ').at(-1)!;
      expect(
        index.matches(names.get(id)!).matches.map((match) => match.id),
        suffix,
      ).toContain(id);
    }
  });
});
