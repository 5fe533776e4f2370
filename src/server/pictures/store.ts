/** The owner's pictures in the database, so every server serves them: named by their content's hash, cached for a year. */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ShopTables } from '../db/tables.ts';

export const PICTURES_PATH = '/pictures';
/** `<hash>.<ext>` or `<hash>-<width>.<ext>`: what a stored picture's name may be. */
const PICTURE_NAME = /^[0-9a-f]{24}(?:-\d{2,4})?\.(?:webp|svg)$/;

const TYPES = { webp: 'image/webp', svg: 'image/svg+xml' } as const;
type PictureKind = keyof typeof TYPES;

const contentHash = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex').slice(0, 24);

/** Stores a picture (once: the same bytes are the same name) and answers its URL path. */
export async function storePicture(
  db: Kysely<ShopTables>,
  bytes: Uint8Array,
  kind: PictureKind,
  name = `${contentHash(bytes)}.${kind}`,
): Promise<string> {
  await db
    .insertInto('picture')
    .values({ name, content_type: TYPES[kind], bytes, created_at: new Date().toISOString() })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  return `${PICTURES_PATH}/${name}`;
}

export async function readPicture(
  db: Kysely<ShopTables>,
  name: string,
): Promise<{ contentType: string; bytes: Uint8Array } | undefined> {
  if (!PICTURE_NAME.test(name)) return undefined;
  const row = await db
    .selectFrom('picture')
    .select(['content_type', 'bytes'])
    .where('name', '=', name)
    .executeTakeFirst();
  return row && { contentType: row.content_type, bytes: new Uint8Array(row.bytes) };
}

/** Every stored picture's name (the static build writes each out). */
export async function pictureNames(db: Kysely<ShopTables>): Promise<string[]> {
  return (await db.selectFrom('picture').select('name').orderBy('name').execute()).map((row) => row.name);
}
