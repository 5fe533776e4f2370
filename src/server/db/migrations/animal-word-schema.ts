/** Migration 0012: which animals have which word (`animal_word`, with copies of what a search sorts and filters by), kept by triggers; dropped by 0018. */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DialectName } from '../database.ts';

/** The columns copied from `animal`, in the table's order. */
const COPIED = ['name_key', 'price', 'category_id', 'rating', 'count_in_stock', 'hidden'] as const;
/** What a row's words and copies are made of: an update touching none of these leaves its rows. */
const SOURCES = ['search_words', 'name_words', ...COPIED] as const;

/** The `animal_word` rows of the animals in `rows` (a table or a PostgreSQL transition table). */
function wordRowsOf(dialect: DialectName, rows: string, where = ''): RawBuilder<unknown> {
  const copies = COPIED.map((column) =>
    column === 'hidden' && dialect === 'postgres' ? `case when ${rows}.hidden then 1 else 0 end` : `${rows}.${column}`,
  ).join(', ');
  if (dialect === 'postgres') {
    return sql.raw(`
      select word, ${rows}.id, case when position(' ' || word || ' ' in ${rows}.name_words) > 0 then 1 else 0 end, ${copies}
      from ${rows}, unnest(string_to_array(btrim(${rows}.search_words), ' ')) as word
      where word <> ''${where}`);
  }
  // SQLite has no split function a trigger may call: the words become a JSON array read by json_each.
  return sql.raw(`
    select each_word.value, ${rows}.id, instr(${rows}.name_words, ' ' || each_word.value || ' ') > 0, ${copies}
    from ${rows === 'new' ? '' : `${rows}, `}json_each('["' || replace(replace(trim(${rows}.search_words), '"', '\\"'), ' ', '","') || '"]') as each_word
    where each_word.value <> ''${where}`);
}

const INSERT = sql.raw(`insert into animal_word (word, animal_id, in_name, ${COPIED.join(', ')})`);

/** Every animal's rows, written in the primary key's order (a bulk write appends instead of seeking). */
async function fillAnimalWords(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const rows = sql`${wordRowsOf(dialect, 'animal')} order by 1, 2`;
  if (dialect === 'postgres') {
    await sql`${INSERT} ${rows} on conflict do nothing`.execute(db);
  } else {
    await sql`insert or ignore into animal_word (word, animal_id, in_name, ${sql.raw(COPIED.join(', '))}) ${rows}`.execute(
      db,
    );
  }
}

const SECOND_INDEX = sql`create index animal_word_animal_idx on animal_word (animal_id, word, in_name)`;

/** Migration 0013: each name word's shown animals in name order (SQL suggestions); dropped by 0018. */
export const NAMES_INDEX = sql`create index animal_word_name_idx on animal_word (word, name_key, animal_id) where in_name = 1 and hidden = 0`;

/** Migration 0013 too: the animals without stored words; dropped by 0018. */
export const UNWORDED_INDEX = sql`create index animal_unworded_idx on animal (id) where search_words = ''`;

async function createSqliteTriggers(db: Kysely<unknown>): Promise<void> {
  const watched = sql.raw(['id', ...SOURCES].join(', '));
  const insertRows = sql`insert or ignore into animal_word (word, animal_id, in_name, ${sql.raw(COPIED.join(', '))}) ${wordRowsOf('sqlite', 'new')}`;
  await sql`create trigger animal_word_insert after insert on animal begin ${insertRows}; end`.execute(db);
  await sql`
    create trigger animal_word_delete after delete on animal begin
      delete from animal_word where animal_id = old.id;
    end`.execute(db);
  await sql`
    create trigger animal_word_update after update of ${watched} on animal begin
      delete from animal_word where animal_id = old.id;
      ${insertRows};
    end`.execute(db);
}

async function createPostgresTriggers(db: Kysely<unknown>): Promise<void> {
  // Transition tables cannot be limited to some columns, so the function compares them.
  const same = (a: string, b: string) =>
    `${a}.id = ${b}.id and (${SOURCES.map((column) => `${a}.${column}`).join(', ')}) is not distinct from (${SOURCES.map((column) => `${b}.${column}`).join(', ')})`;
  const functions: [name: string, body: RawBuilder<unknown>][] = [
    ['animal_word_added', sql`${INSERT} ${wordRowsOf('postgres', 'added')} on conflict do nothing;`],
    ['animal_word_removed', sql`delete from animal_word where animal_id in (select id from removed);`],
    [
      'animal_word_changed',
      sql`
        delete from animal_word where animal_id in (
          select earlier.id from earlier where not exists (select 1 from later where ${sql.raw(same('later', 'earlier'))}));
        ${INSERT} ${wordRowsOf('postgres', 'later', ` and not exists (select 1 from earlier where ${same('earlier', 'later')})`)}
        on conflict do nothing;`,
    ],
  ];
  for (const [name, body] of functions) {
    await sql`create function ${sql.id(name)}() returns trigger language plpgsql as $$
      begin ${body} return null; end $$`.execute(db);
  }
  await sql`create trigger animal_word_insert after insert on animal referencing new table as added
    for each statement execute function animal_word_added()`.execute(db);
  await sql`create trigger animal_word_delete after delete on animal referencing old table as removed
    for each statement execute function animal_word_removed()`.execute(db);
  await sql`create trigger animal_word_update after update on animal referencing old table as earlier new table as later
    for each statement execute function animal_word_changed()`.execute(db);
}

export async function animalWords(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const binary = dialect === 'postgres' ? sql`collate "C"` : sql`collate binary`;
  const real = dialect === 'postgres' ? sql`double precision` : sql`real`;
  await sql`
    create table animal_word (
      word text ${binary} not null,
      animal_id text not null,
      in_name integer not null,
      name_key text ${binary} not null,
      price ${real} not null,
      category_id text not null,
      rating ${real} not null,
      count_in_stock integer not null,
      hidden integer not null,
      primary key (word, animal_id)${dialect === 'postgres' ? sql.raw(` include (in_name, ${COPIED.join(', ')})`) : sql``}
    )${dialect === 'sqlite' ? sql` without rowid` : sql``}`.execute(db);
  await fillAnimalWords(db, dialect);
  await SECOND_INDEX.execute(db);
  if (dialect === 'postgres') await createPostgresTriggers(db);
  else await createSqliteTriggers(db);
}
