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

export default function FavouriteButton({ id, name, variant = 'card' }: Props) {
  const page = variant === 'page';
  // The looks are in ./favourites.css: a list's every card carries one.
  return (
    <button
      type="button"
      data-favourite={id}
      aria-pressed={false}
      aria-label={t.toggle(name)}
      className={`heart-button ${page ? 'heart-on-page' : 'heart-on-card'}`}
    >
      <HeartIcon />
      {page && t.toggleText}
    </button>
  );
}
