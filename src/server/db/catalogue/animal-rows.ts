/** An animal as the catalogue's queries read it: its columns (animal joined with its category) and its API entity. */
import type { Selectable } from 'kysely';
import type { Animal } from '../../../lib/schemas.ts';
import type { AnimalTable, ShopDatabase } from '../tables.ts';

type AnimalRow = Omit<
  Selectable<AnimalTable>,
  'name_key' | 'search_text' | 'search_words' | 'name_words' | 'category_id' | 'version' | 'hidden'
> & {
  category_slug: string;
};

export function toAnimal(row: AnimalRow): Animal {
  return {
    _id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    img: row.img,
    price: Number(row.price),
    countInStock: Number(row.count_in_stock),
    rating: Number(row.rating),
    numReviews: Number(row.num_reviews),
    category: row.category_slug,
  };
}

/** The columns an Animal is made of (animal joined with its category). */
export const ANIMAL_COLUMNS = [
  'animal.id',
  'animal.slug',
  'animal.name',
  'animal.description',
  'animal.img',
  'animal.price',
  'animal.count_in_stock',
  'animal.rating',
  'animal.num_reviews',
  'category.slug as category_slug',
] as const;

/** The animals of `ids`, in that order (a page picked by id); read in slices, as a statement takes only so many parameters. */
export async function animalsInOrder(db: ShopDatabase, ids: readonly string[]): Promise<Animal[]> {
  const byId = new Map<string, AnimalRow>();
  for (let start = 0; start < ids.length; start += 500) {
    const rows = await db
      .selectFrom('animal')
      .innerJoin('category', 'category.id', 'animal.category_id')
      .select(ANIMAL_COLUMNS)
      .where('animal.id', 'in', ids.slice(start, start + 500))
      .execute();
    for (const row of rows) byId.set(row.id, row);
  }
  return ids.map((id) => toAnimal(byId.get(id)!));
}
