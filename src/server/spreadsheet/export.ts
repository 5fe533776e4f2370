/** The catalogue as a spreadsheet (`npm run catalogue -- export`, GET /api/admin/catalogue.csv). */
import type { Kysely } from 'kysely';
import { selectAdminAnimals, toAdminAnimal } from '../db/catalogue/catalogue-writes.ts';
import type { ShopTables } from '../db/tables.ts';
import { COLUMNS, writeCsv } from './csv-file.ts';

/** Every animal, hidden ones too, in the shop's category order and then Hebrew name order: UTF-8 with BOM. */
export async function exportCatalogueCsv(db: Kysely<ShopTables>): Promise<{ bytes: Buffer; count: number }> {
  const rows = await selectAdminAnimals(db)
    .orderBy('category.position')
    .orderBy('category.id')
    .orderBy('animal.name_key')
    .orderBy('animal.id')
    .execute();
  const lines = rows.map((row) => {
    const animal = toAdminAnimal(row);
    return [
      animal._id,
      animal.slug,
      animal.name,
      animal.description,
      String(animal.price),
      String(animal.countInStock),
      String(animal.rating),
      String(animal.numReviews),
      animal.category,
      String(animal.hidden),
      String(animal.version),
    ];
  });
  return { bytes: writeCsv([[...COLUMNS], ...lines]), count: rows.length };
}
