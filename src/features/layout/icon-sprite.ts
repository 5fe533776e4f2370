/**
 * The shop's icons live in one file the browser caches (./icons.svg, a hashed asset, never inlined);
 * a page draws each with `<use href="…#name">` instead of repeating its shape. Shared by Astro
 * components and React islands.
 */
import type { FilledStars } from '../../lib/format.ts';
import sprite from './icons.svg?no-inline';

export type IconName =
  | 'menu'
  | 'close'
  | 'search'
  | 'sun'
  | 'moon'
  | 'screen'
  | 'lightbulb'
  | 'star'
  | `stars-${FilledStars}`
  | 'logo'
  | 'heart';

/** The address of one icon of the sprite. */
export function iconHref(name: IconName): string {
  return `${sprite}#${name}`;
}
