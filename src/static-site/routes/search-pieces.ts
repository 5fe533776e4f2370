/** The search index's pieces (src/lib/search/pieces/layout.ts), each a gzip file in the build's own folder. */
import type { APIRoute, GetStaticPaths } from 'astro';
import { fileResponse } from '../seo-files.server.ts';
import { searchPieces } from '../search-pieces.server.ts';

type Props = { bytes: Uint8Array };

export const getStaticPaths = (async () => {
  const { manifest, files } = await searchPieces();
  return [...files].map(([name, bytes]) => ({ params: { piece: `${manifest.version}/${name}` }, props: { bytes } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute<Props> = ({ props }) => fileResponse(props.bytes, 'application/octet-stream');
