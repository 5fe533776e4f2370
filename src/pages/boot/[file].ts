/** The script every page runs before it paints, written once at build time under its hash (src/features/layout/boot-script.server.ts). */
import type { APIRoute, GetStaticPaths } from 'astro';
import { bootScriptFile, bootScriptResponse } from '../../features/layout/boot-script.server.ts';

export const prerender = true;

export const getStaticPaths = (() => [{ params: { file: bootScriptFile } }]) satisfies GetStaticPaths;

export const GET: APIRoute = () => bootScriptResponse();
