/**
 * The catalogue spreadsheet on SQLite and PostgreSQL: round trip, encodings (UTF-8 with and
 * without BOM, Windows-1255), quoted commas/quotes/line breaks, formula-looking cells, bad rows named
 * by line and column with nothing changed, stale rows, dry-run output, and 10,000 animals.
 */
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { listAudit } from '../../src/server/db/catalogue/audit.ts';
import { createAnimalWrites } from '../../src/server/db/catalogue/catalogue-writes.ts';
import { catalogueRows, replaceCatalogue } from '../../src/server/db/seed/seed.ts';
import { syntheticCatalogue } from '../../src/server/db/seed/synthetic.ts';
import { COLUMNS } from '../../src/server/spreadsheet/csv-file.ts';
import { exportCatalogueCsv } from '../../src/server/spreadsheet/export.ts';
import { importCatalogueCsv, type ImportOptions } from '../../src/server/spreadsheet/import.ts';
import { describeImport } from '../../src/server/spreadsheet/report.ts';
import { describeEachDatabase } from '../helpers/databases.ts';
import { seedAnimal, seedAnimals } from '../helpers/catalogue.ts';
import { openTestShop, type TestShop } from '../helpers/shop.ts';

const owner = { id: 'cli:owner' };
const BOM = '\uFEFF';

/** Text as Windows-1255 bytes (what Excel in Hebrew saves as plain "CSV"), from the decoder's own table. */
function windows1255(text: string): Uint8Array {
  const decoder = new TextDecoder('windows-1255');
  const table = new Map<string, number>();
  for (let byte = 0; byte < 256; byte += 1) table.set(decoder.decode(Uint8Array.of(byte)), byte);
  return Uint8Array.from([...text].map((character) => table.get(character) ?? 0x3f));
}

/** A CSV file's rows as text (header first), written the plain way (no formula guard, no BOM). */
function csv(rows: readonly (readonly string[])[]): string {
  const quote = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);
  return rows.map((row) => row.map(quote).join(',')).join('\r\n') + '\r\n';
}

/** The export as rows of cells. */
function cells(bytes: Buffer): string[][] {
  return parse(bytes.toString('utf8'), { bom: true });
}

describeEachDatabase('the catalogue spreadsheet', (database) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await openTestShop({}, database);
  });
  afterAll(() => shop?.dispose());
  beforeEach(async () => {
    await replaceCatalogue(shop.database.db, catalogueRows());
    await shop.database.db.deleteFrom('audit').execute();
  });

  const snapshot = () => shop.database.db.selectFrom('animal').selectAll().orderBy('id').execute();
  const importBytes = (bytes: Uint8Array | string, options: ImportOptions = {}) =>
    importCatalogueCsv(shop.writeDatabase, owner, typeof bytes === 'string' ? Buffer.from(bytes) : bytes, options);

  /** The seed export's rows, with `edit` applied to the row of `slug`. */
  async function exportedRows(edit?: { slug: string; set: Partial<Record<(typeof COLUMNS)[number], string>> }) {
    const rows = cells((await exportCatalogueCsv(shop.database.db)).bytes);
    if (edit) {
      const row = rows.find((candidate) => candidate[1] === edit.slug)!;
      for (const [column, value] of Object.entries(edit.set)) row[COLUMNS.indexOf(column as never)] = value;
    }
    return rows;
  }

  it('exports UTF-8 with a BOM and CRLF lines, every animal, and imports it back changing nothing', async () => {
    const { bytes, count } = await exportCatalogueCsv(shop.database.db);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.toString('utf8')).toMatch(
      /^\uFEFFid,slug,name,description,price,countInStock,rating,numReviews,category,hidden,version\r\n/,
    );
    expect(count).toBe(seedAnimals.length);
    const cloud = cells(bytes).find((row) => row[1] === 'cloud-sheep')!;
    const sheep = seedAnimal('cloud-sheep');
    expect(cloud).toEqual([
      sheep.id,
      'cloud-sheep',
      sheep.name,
      sheep.description,
      String(sheep.price),
      String(sheep.countInStock),
      String(sheep.rating),
      String(sheep.numReviews),
      'sky-creatures',
      'false',
      '1',
    ]);

    const before = await snapshot();
    const result = await importBytes(bytes);
    expect(result).toMatchObject({
      applied: false,
      encoding: 'utf-8',
      create: [],
      change: [],
      problems: [],
      notInFile: 0,
    });
    expect(result.leave).toHaveLength(seedAnimals.length);
    expect(await snapshot()).toEqual(before);
    expect((await listAudit(shop.database.db)).total).toBe(0);
  });

  it('creates, changes (versions bumped, audited) and leaves alone; animals missing from the file stay', async () => {
    const sheep = seedAnimal('cloud-sheep');
    const searchedFor = async (text: string) =>
      (await shop.catalogue.searchAnimals({ search: text, sort: 'name' })).animals.map((animal) => animal.slug);
    const suggested = async (text: string) => (await shop.catalogue.suggest(text)).map((suggestion) => suggestion.name);
    expect(await searchedFor(sheep.name)).toContain('cloud-sheep');
    expect(await suggested(sheep.name)).toContain(sheep.name);
    const rows = (await exportedRows({ slug: 'cloud-sheep', set: { price: '950', hidden: 'TRUE' } })).filter(
      (row) => row[1] !== 'sky-whale',
    );
    rows.push([
      '',
      'moon-rabbit',
      'ארנב ירח',
      'ארנב שקופץ בין מכתשים.',
      '120',
      '4',
      '4.5',
      '7',
      'sky-creatures',
      'False',
      '',
    ]);
    const result = await importBytes(csv(rows));
    expect(result.problems).toEqual([]);
    expect(result.applied).toBe(true);
    expect(result.create.map((row) => row.animal.slug)).toEqual(['moon-rabbit']);
    expect(result.change).toEqual([
      expect.objectContaining({
        slug: 'cloud-sheep',
        changes: [
          { field: 'price', before: '890', after: '950' },
          { field: 'hidden', before: 'false', after: 'true' },
        ],
      }),
    ]);
    expect(result.notInFile).toBe(1);

    const animals = createAnimalWrites(shop.writeDatabase);
    expect(await animals.read(seedAnimal('cloud-sheep').id)).toMatchObject({ price: 950, hidden: true, version: 2 });
    expect(await animals.read(seedAnimal('sky-whale').id)).toMatchObject({ version: 1 });
    // Hidden by the file: its search rows carry the flag (rewritten with the import), so neither search
    // nor suggestions show it.
    expect(await searchedFor(sheep.name)).not.toContain('cloud-sheep');
    expect(await suggested(sheep.name)).not.toContain(sheep.name);
    const rabbit = (await shop.catalogue.searchAnimals({ search: 'ארנב ירח', sort: 'name' })).animals[0];
    expect(rabbit).toMatchObject({ slug: 'moon-rabbit', price: 120 });
    const audit = await listAudit(shop.database.db);
    expect(audit.entries.map((entry) => [entry.actor, entry.action, entry.entityId]).sort()).toEqual(
      [
        ['cli:owner', 'animal.create', rabbit!._id],
        ['cli:owner', 'animal.update', seedAnimal('cloud-sheep').id],
      ].sort(),
    );

    // The same file again: the new row's slug is taken now; nothing changes.
    const again = await importBytes(csv(rows));
    expect(again.problems).toEqual([
      { line: rows.length, column: 'slug', message: 'כבר יש חיה עם מזהה הכתובת „moon-rabbit"' },
    ]);
    // A fresh export round-trips.
    const fresh = await importBytes((await exportCatalogueCsv(shop.database.db)).bytes);
    expect([fresh.create.length, fresh.change.length, fresh.problems.length]).toEqual([0, 0, 0]);
  });

  it('refuses a row changed since the export (stale), even after a dry run; --force overwrites', async () => {
    const file = csv(await exportedRows({ slug: 'cloud-sheep', set: { price: '950' } }));
    expect((await importBytes(file, { dryRun: true })).change).toHaveLength(1);
    // Someone changes the animal between the dry run and its apply.
    await createAnimalWrites(shop.writeDatabase).update({ id: 'user_other' }, seedAnimal('cloud-sheep').id, 1, {
      countInStock: 2,
    });
    const before = await snapshot();
    const line = cells(Buffer.from(file)).findIndex((row) => row[1] === 'cloud-sheep') + 1;
    const stale = await importBytes(file);
    expect(stale).toMatchObject({
      applied: false,
      problems: [
        {
          line,
          column: 'version',
          message: 'החיה שונתה מאז הייצוא (גרסה 1 בקובץ, 2 עכשיו). ייצאו מחדש ועדכנו שוב, או דרסו עם ‎--force',
        },
      ],
    });
    expect(await snapshot()).toEqual(before);

    const forced = await importBytes(file, { force: true });
    expect(forced.applied).toBe(true);
    // The file's row wins whole: its stock (the exported one) too.
    expect(await createAnimalWrites(shop.writeDatabase).read(seedAnimal('cloud-sheep').id)).toMatchObject({
      price: 950,
      countInStock: seedAnimal('cloud-sheep').countInStock,
      version: 3,
    });
  });

  it('reads UTF-8 with and without a BOM and Windows-1255 alike, detected or forced', async () => {
    const rows = await exportedRows({
      slug: 'rainbow-owl',
      set: { name: 'ינשוף קשת בענן', description: 'תיאור קצר, בעברית.' },
    });
    const text = csv(rows);
    const plans = [];
    for (const [bytes, encoding] of [
      [Buffer.from(BOM + text), 'utf-8'],
      [Buffer.from(text), 'utf-8'],
      [windows1255(text), 'windows-1255'],
    ] as const) {
      const plan = await importBytes(bytes, { dryRun: true });
      expect(plan.encoding).toBe(encoding);
      plans.push({ ...plan, encoding: null });
    }
    expect(plans[1]).toEqual(plans[0]);
    expect(plans[2]).toEqual(plans[0]);
    expect(plans[0]!.change[0]!.changes.map((change) => change.after)).toEqual([
      'ינשוף קשת בענן',
      'תיאור קצר, בעברית.',
    ]);

    expect((await importBytes(windows1255(text), { dryRun: true, encoding: 'windows-1255' })).problems).toEqual([]);
    // A byte-order mark means UTF-8, whatever was asked.
    expect((await importBytes(Buffer.from(BOM + text), { dryRun: true, encoding: 'windows-1255' })).encoding).toBe(
      'utf-8',
    );
    expect((await importBytes(windows1255(text), { encoding: 'utf-8' })).problems).toEqual([
      {
        line: 1,
        column: null,
        message: 'הקובץ אינו UTF-8 תקין. אם נשמר ב-Excel כ-"CSV" רגיל, נסו ‎--encoding windows-1255',
      },
    ]);
  });

  it('keeps quoted commas, quotes and line breaks, and counts lines past them', async () => {
    const animals = createAnimalWrites(shop.writeDatabase);
    const description = 'שורה ראשונה, עם "מרכאות"\nושורה שנייה\r\nושלישית';
    await animals.update(owner, seedAnimal('cloud-sheep').id, 1, { description });
    const { bytes } = await exportCatalogueCsv(shop.database.db);
    expect(bytes.toString('utf8')).toContain(`"שורה ראשונה, עם ""מרכאות""\nושורה שנייה\r\nושלישית"`);
    const before = await snapshot();
    const roundTrip = await importBytes(bytes);
    expect([roundTrip.change.length, roundTrip.problems.length]).toEqual([0, 0]);
    expect(await snapshot()).toEqual(before);

    // A bad row after the three-line description is named by the line it is on in the file.
    const rows = cells(bytes);
    const sheepIndex = rows.findIndex((row) => row[1] === 'cloud-sheep');
    rows[sheepIndex + 1]![COLUMNS.indexOf('rating')] = 'חמש';
    const result = await importBytes(csv(rows));
    expect(result.problems).toEqual([
      { line: sheepIndex + 1 + 2 + 1, column: 'rating', message: 'הדירוג חייב להיות מספר בין 0 ל-5' },
    ]);
  });

  it('writes formula-looking cells so a spreadsheet shows them as text, and reads them back unchanged', async () => {
    const animals = createAnimalWrites(shop.writeDatabase);
    const names = ['=HYPERLINK("http://evil.test","x")', "'=already quoted", '@SUM(A1)', "'plain apostrophe"];
    const ids = ['cloud-sheep', 'rainbow-owl', 'sky-whale', 'wind-kitten'].map((slug) => seedAnimal(slug).id);
    for (const [index, id] of ids.entries())
      await animals.update(owner, id, 1, { name: names[index]!, description: `-${index} +מינוס` });
    const { bytes } = await exportCatalogueCsv(shop.database.db);
    const written = cells(bytes);
    const row = (id: string) => written.find((candidate) => candidate[0] === id)!;
    expect(ids.map((id) => row(id)[2])).toEqual([
      `'=HYPERLINK("http://evil.test","x")`,
      "''=already quoted",
      "'@SUM(A1)",
      "'plain apostrophe",
    ]);
    expect(row(ids[0]!)[3]).toBe("'-0 +מינוס");

    const before = await snapshot();
    const result = await importBytes(bytes);
    expect([result.change.length, result.problems.length]).toEqual([0, 0]);
    expect(await snapshot()).toEqual(before);
  });

  it('names every bad row by line and column, in Hebrew, and changes nothing', async () => {
    const rows = await exportedRows({ slug: 'cloud-sheep', set: { price: '-3', countInStock: '2.5' } });
    const line = (slug: string) => rows.findIndex((row) => row[1] === slug) + 1;
    rows[line('rainbow-owl') - 1]![COLUMNS.indexOf('category')] = 'no-such-category';
    rows[line('sky-whale') - 1]![COLUMNS.indexOf('hidden')] = 'maybe';
    rows[line('wind-kitten') - 1]![COLUMNS.indexOf('version')] = '';
    rows[line('wind-kitten') - 1]![COLUMNS.indexOf('price')] = '70';
    rows.push(['', 'Bad Slug', '', 'תיאור', '10', '1', '3', '0', 'sky-creatures', 'false', '']);
    rows.push(['', 'cloud-sheep', 'כפילות', 'תיאור', '10', '1', '3', '0', 'sky-creatures', 'false', '']);
    rows.push([
      '0123456789abcdef01234567',
      'ghost',
      'רוח',
      'תיאור',
      '10',
      '1',
      '3',
      '0',
      'sky-creatures',
      'false',
      '1',
    ]);
    const before = await snapshot();
    const result = await importBytes(csv(rows));
    expect(result.applied).toBe(false);
    expect(result.problems).toEqual(
      [
        { line: line('cloud-sheep'), column: 'price', message: 'המחיר חייב להיות מספר, 0 ומעלה' },
        { line: line('cloud-sheep'), column: 'countInStock', message: 'המלאי חייב להיות מספר שלם, 0 ומעלה' },
        { line: line('rainbow-owl'), column: 'category', message: 'אין קטגוריה עם מזהה הכתובת „no-such-category"' },
        { line: line('sky-whale'), column: 'hidden', message: 'מוסתר חייב להיות true או false' },
        {
          line: line('wind-kitten'),
          column: 'version',
          message:
            'חסרה הגרסה (העמודה version מהייצוא): בלעדיה אי אפשר לדעת אם מישהו שינה את החיה מאז. אפשר לעקוף עם ‎--force',
        },
        {
          line: rows.length - 2,
          column: 'slug',
          message: 'שם הכתובת יכול להכיל רק אותיות לטיניות קטנות, ספרות ומקפים בודדים (למשל sky-whale)',
        },
        { line: rows.length - 2, column: 'name', message: 'שם הוא שדה חובה' },
        { line: rows.length - 1, column: 'slug', message: 'כבר יש חיה עם מזהה הכתובת „cloud-sheep"' },
        {
          line: rows.length,
          column: 'id',
          message: 'אין חיה עם המזהה הזה (אולי נמחקה מאז הייצוא). להוספה כחיה חדשה, רוקנו את התא',
        },
      ].sort((a, b) => a.line - b.line || COLUMNS.indexOf(a.column as never) - COLUMNS.indexOf(b.column as never)),
    );
    expect(await snapshot()).toEqual(before);
    expect(describeImport(result).split('\n')[0]).toBe(
      `הקובץ לא יובא ולא שונה דבר: נמצאו ${result.problems.length} בעיות. תקנו ונסו שוב.`,
    );
    expect(describeImport(result)).toContain(
      `  שורה ${line('rainbow-owl')}, עמודה category: אין קטגוריה עם מזהה הכתובת „no-such-category"`,
    );

    // Whole-file problems: a missing column, an unclosed quote.
    const header = [...COLUMNS].filter((column) => column !== 'version');
    expect((await importBytes(csv([header]))).problems).toEqual([
      { line: 1, column: 'version', message: 'חסרה העמודה version' },
    ]);
    expect((await importBytes(`${COLUMNS.join(',')}\r\n,a,"b\r\n`)).problems).toEqual([
      { line: 2, column: null, message: 'מרכאות שנפתחו ולא נסגרו' },
    ]);
  });

  it('prints a dry run: rows to create, to change field by field, and to leave alone', async () => {
    const rows = await exportedRows({ slug: 'cloud-sheep', set: { price: '950', name: 'כבשת ענן גדולה' } });
    rows.push(['', 'moon-rabbit', 'ארנב ירח', 'ארנב שקופץ.', '120', '4', '4.5', '7', 'sky-creatures', 'false', '']);
    const before = await snapshot();
    const result = await importBytes(csv(rows), { dryRun: true });
    expect(await snapshot()).toEqual(before);
    const sheepLine = rows.findIndex((row) => row[1] === 'cloud-sheep') + 1;
    const text = describeImport(result);
    expect(text.split('\n').slice(0, 7)).toEqual([
      'קידוד הקובץ: utf-8',
      'חיות חדשות שייווצרו: 1',
      `  שורה ${rows.length}: moon-rabbit — ארנב ירח`,
      'חיות שישתנו: 1',
      `  שורה ${sheepLine}: cloud-sheep — כבשת ענן`,
      '    name: כבשת ענן → כבשת ענן גדולה',
      '    price: 890 → 950',
    ]);
    expect(text).toContain(`שורות ללא שינוי: ${seedAnimals.length - 1}`);
    expect(text).toContain('2:');
    expect(text.split('\n').at(-1)).toBe('זו הרצת ניסיון (‎--dry-run): דבר לא נשמר. להחלה, הריצו שוב בלי ‎--dry-run');
  });

  // How long this takes is measured by `npm run bench:spreadsheet`, not here: a test asserts what the
  // owner gets, which does not depend on how fast the machine is.
  it(
    'round-trips 10,000 synthetic animals, and applies and audits a change to all of them',
    { timeout: 600_000 },
    async () => {
      await replaceCatalogue(shop.database.db, syntheticCatalogue(10_000));
      const before = await snapshot();
      const { bytes, count } = await exportCatalogueCsv(shop.database.db);
      const result = await importBytes(bytes);
      expect(count).toBe(10_000);
      expect([result.leave.length, result.change.length, result.create.length, result.problems.length]).toEqual([
        10_000, 0, 0, 0,
      ]);
      expect(await snapshot()).toEqual(before);

      const rows = cells(bytes);
      const stock = COLUMNS.indexOf('countInStock');
      for (const row of rows.slice(1)) row[stock] = String(Number(row[stock]) + 1);
      const applied = await importBytes(csv(rows));
      expect([applied.applied, applied.change.length]).toEqual([true, 10_000]);
      const after = await snapshot();
      expect(after.map((animal) => animal.count_in_stock)).toEqual(before.map((animal) => animal.count_in_stock + 1));
      expect((await listAudit(shop.database.db)).total).toBe(10_000);
    },
  );
});
