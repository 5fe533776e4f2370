/** A five-pointed star, decorative (aria-hidden): its meaning is given in text next to it. Its shape is in the icon sprite. */
import { iconHref } from '../layout/icon-sprite.ts';

export default function StarIcon({ className = 'size-4' }: { className?: string }) {
  return (
    <svg aria-hidden="true" className={className}>
      <use href={iconHref('star')} />
    </svg>
  );
}
