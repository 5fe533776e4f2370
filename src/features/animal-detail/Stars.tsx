/** Five stars, floor(rating) of them filled, read as one image: 'דירוג 4.5 מתוך 5'. */
import { STAR_COUNT, filledStars, formatRating } from '../../lib/format.ts';
import StarIcon from '../animal-list/StarIcon.tsx';
import { animalDetailStrings as t } from './strings.ts';

interface Props {
  rating: number;
}

export default function Stars({ rating }: Props) {
  const filled = filledStars(rating);
  return (
    <span
      role="img"
      aria-label={t.ratingLabel(formatRating(rating))}
      className="flex items-center gap-0.5"
      data-testid="stars"
    >
      {Array.from({ length: STAR_COUNT }, (_, index) => (
        <span key={index} data-star={index < filled ? 'filled' : 'empty'}>
          <StarIcon
            filled={index < filled}
            className={`size-6 ${index < filled ? 'text-amber-500' : 'text-slate-500 dark:text-slate-400'}`}
          />
        </span>
      ))}
    </span>
  );
}
