/** A catalogue larger than SEARCH_INDEX_ANIMALS is refused at start, in one line, rather than served by a slow path. */
import type { ShopDatabase } from '../db/tables.ts';

/** Why the server must not start with this catalogue (one line), or undefined when it fits. */
export async function catalogueTooLarge(db: ShopDatabase, mostAnimals: number): Promise<string | undefined> {
  const { total } = await db
    .selectFrom('animal')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('total'))
    .executeTakeFirstOrThrow();
  const animals = Number(total);
  if (animals <= mostAnimals) return undefined;
  const number = (value: number) => value.toLocaleString('en-US');
  return `SEARCH_INDEX_ANIMALS=${mostAnimals}: the catalogue has ${number(animals)} animals, more than this server holds in memory (about 60 MB per 100,000); raise it on a server with the memory, or see docs/operations.md ("Beyond one server's memory")`;
}
