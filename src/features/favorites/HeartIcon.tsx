import { iconHref } from '../layout/icon-sprite.ts';

/** A heart, decorative (aria-hidden), from the icon sprite: outlined, and filled inside a pressed toggle (./favourites.css). */
export default function HeartIcon() {
  return (
    <svg aria-hidden="true" focusable="false">
      <use href={iconHref('heart')} />
    </svg>
  );
}
