/** A stored picture as an answer: a year's immutable cache (its name is its content's hash), 404 when unknown. */
import { IMMUTABLE_CACHE_CONTROL } from '../http/cache-control.ts';
import { getShop } from '../shop.ts';
import { readPicture } from './store.ts';

export async function pictureResponse(name: string): Promise<Response> {
  const picture = await readPicture((await getShop()).database.db, name);
  if (!picture)
    return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  return new Response(new Uint8Array(picture.bytes), {
    headers: {
      'Content-Type': picture.contentType,
      'Cache-Control': IMMUTABLE_CACHE_CONTROL,
      // A drawing is SVG: never run as a document of our origin.
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    },
  });
}
