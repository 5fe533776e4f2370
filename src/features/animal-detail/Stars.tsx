/**
 * Five stars, floor(rating) of them filled, read as one image: 'דירוג 4.5 מתוך 5'. The row for each count
 * is one symbol of the icon sprite (`stars-0` … `stars-5`) and its colours are in ./animal-detail.css
 * (`.stars`): the rating is one <use> of the page.
 */
import { filledStars, formatRating } from '../../lib/format.ts';
import { iconHref } from '../layout/icon-sprite.ts';
import { animalDetailStrings as t } from './strings.ts';

interface Props {
  rating: number;
}

export default function Stars({ rating }: Props) {
  return (
    <svg role="img" aria-label={t.ratingLabel(formatRating(rating))} className="stars">
      <use href={iconHref(`stars-${filledStars(rating)}`)} />
    </svg>
  );
}
