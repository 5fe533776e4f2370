/** The owner's stored pictures (src/server/pictures), written out as files: a static host serves them as the Node server does. */
import type { APIRoute, GetStaticPaths } from 'astro';
import { pictureResponse } from '../../server/pictures/respond.ts';
import { storedPictures } from '../catalogue.server.ts';

export const getStaticPaths = (async () =>
  (await storedPictures()).map((name) => ({ params: { name } }))) satisfies GetStaticPaths;

export const GET: APIRoute = ({ params }) => pictureResponse(params.name ?? '');
