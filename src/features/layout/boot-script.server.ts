/**
 * The one script every page runs before it paints: the theme's (../theme/boot.ts), the favourites'
 * (../favorites/boot.ts) and the side panel's (./boot.ts). It is a file of its own, named by its content's hash, so a browser fetches it once
 * and keeps it (an immutable cache, like Astro's /_astro/ files) rather than reading it again in every page.
 * It is a classic script in <head>: it blocks the first paint as the stylesheet does, and is fetched beside it.
 */
import { createHash } from 'node:crypto';
import { favouritesBootScript } from '../favorites/boot.ts';
import { themeBootScript } from '../theme/boot.ts';
import { sidePanelBootScript } from './boot.ts';

const bootScript = `${themeBootScript};${favouritesBootScript};${sidePanelBootScript}`;

/** The file's name under /boot/: its content's hash, so a changed script is a new address. */
export const bootScriptFile = `${createHash('sha256').update(bootScript, 'utf8').digest('hex').slice(0, 16)}.js`;

export const bootScriptPath = `/boot/${bootScriptFile}`;

export const bootScriptResponse = (): Response =>
  new Response(bootScript, { headers: { 'content-type': 'text/javascript; charset=utf-8' } });
