/**
 * The heart that keeps an animal as a favourite: a real toggle button (aria-pressed) whose label names the
 * animal. Written by the server (cards, the animal page) and by islands alike, always unpressed: the inline
 * script in <head> (./boot.ts) and then ./hearts.ts press it for a favourite and answer its
 * taps, so no island is needed for it (and React, which never changes what it wrote, leaves the state alone).
 */
import HeartIcon from './HeartIcon.tsx';
import { heartStrings as t } from './strings.ts';

interface Props {
  id: string;
  name: string;
  /** On a card's picture (an icon), or on the animal's page (an icon and its text). */
  variant?: 'card' | 'page';
}

const PRESS =
  'transition-transform active:scale-90 motion-reduce:transition-none motion-reduce:active:scale-100 aria-pressed:text-rose-700 dark:aria-pressed:text-rose-300';

export default function FavouriteButton({ id, name, variant = 'card' }: Props) {
  const page = variant === 'page';
  const look = page
    ? 'flex min-h-11 items-center gap-2 self-start rounded-xl border border-slate-400 px-4 py-2 font-semibold text-slate-800 hover:bg-slate-100 dark:border-slate-500 dark:text-slate-100 dark:hover:bg-slate-800'
    : 'absolute end-2 top-2 grid size-11 place-items-center rounded-full bg-white/90 text-slate-800 shadow hover:bg-white dark:bg-slate-900/90 dark:text-slate-100 dark:hover:bg-slate-900';
  return (
    <button
      type="button"
      data-favourite={id}
      aria-pressed={false}
      aria-label={t.toggle(name)}
      className={`group ${look} ${PRESS}`}
    >
      <HeartIcon />
      {page && t.toggleText}
    </button>
  );
}
