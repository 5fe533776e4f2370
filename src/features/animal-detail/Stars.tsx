/**
 * Five stars, floor(rating) of them filled, read as one image: 'דירוג 4.5 מתוך 5'. Their shapes are in the
 * icon sprite and their look in ./animal-detail.css (`.stars`): each star is a few bytes of the page.
 */
import { STAR_COUNT, filledStars, formatRating } from '../../lib/format.ts';
import { iconHref } from '../layout/icon-sprite.ts';
import { animalDetailStrings as t } from './strings.ts';

interface Props {
  rating: number;
}

export default function Stars({ rating }: Props) {
  const filled = filledStars(rating);
  return (
    <span role="img" aria-label={t.ratingLabel(formatRating(rating))} className="stars" data-testid="stars">
      {Array.from({ length: STAR_COUNT }, (_, index) => (
        <svg key={index} aria-hidden="true" data-star={index < filled ? 'filled' : 'empty'}>
          <use href={iconHref(index < filled ? 'star' : 'star-empty')} />
        </svg>
      ))}
    </span>
  );
}
