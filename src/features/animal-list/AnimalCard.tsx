/**
 * One animal as a card (everywhere: a category's grid, the animals list): picture, name,
 * description cut to 100 characters, price in shekels and rating. Links to /products/{_id}.
 * Rendered on the server by Astro pages and inside the search island alike. Its size is
 * fixed by its parts (4:3 picture, one-line name, three-line description, one-line
 * footer), so AnimalCardSkeleton takes exactly the same room. Its picture loads eagerly in the
 * list's first row and lazily after it (src/lib/first-paint.ts). The favourites' heart sits on the picture,
 * beside the link rather than inside it (a button inside a link is not valid HTML).
 */
import { formatPrice, formatRating, truncateDescription } from '../../lib/format.ts';
import { productPath } from '../../lib/paths.ts';
import { CARD_FRAME } from '../../lib/classes.ts';
import CardPicture from '../layout/CardPicture.tsx';
import Highlighted from './Highlighted.tsx';
import type { ListedAnimal } from './listed-animal.ts';
import StarIcon from './StarIcon.tsx';
import { animalStrings as t } from './strings.ts';
import FavouriteButton from '../favorites/FavouriteButton.tsx';

interface Props {
  animal: ListedAnimal;
  /** The card's place in its list (0-based); without it the picture loads lazily. */
  position?: number | undefined;
  /** The list's first picture is the page's leading one (not when a larger picture comes first). */
  leads?: boolean | undefined;
  /** A search whose matched words are marked in the name and description. */
  highlight?: string | undefined;
  /** The favourites' heart on the picture (the favourites page has its own remove button instead). */
  heart?: boolean | undefined;
}

export default function AnimalCard({ animal, position, leads = true, highlight, heart = true }: Props) {
  const rating = formatRating(animal.rating);
  return (
    <div className="relative h-full">
      <a
        href={productPath(animal._id)}
        data-testid="animal-card"
        className={`${CARD_FRAME} group transition-shadow hover:shadow-lg motion-reduce:transition-none`}
      >
        <CardPicture src={animal.img} position={position} leads={leads} />
        <div className="flex flex-1 flex-col gap-2 p-4">
          <h3 className="truncate text-lg leading-7 font-bold group-hover:text-brand-700 dark:group-hover:text-brand-100">
            <Highlighted text={animal.name} search={highlight} />
          </h3>
          <p
            className="line-clamp-3 h-[4.5rem] text-sm leading-6 text-slate-700 dark:text-slate-300"
            data-testid="animal-card-description"
          >
            <Highlighted text={truncateDescription(animal.description)} search={highlight} />
          </p>
          <div className="mt-auto flex h-6 items-center justify-between gap-2">
            <span className="font-bold text-brand-700 dark:text-brand-100" data-testid="animal-card-price">
              <span className="sr-only">{t.priceLabel}: </span>
              {formatPrice(animal.price)}
            </span>
            <span
              className="flex items-center gap-1 text-sm text-slate-700 dark:text-slate-300"
              data-testid="animal-card-rating"
            >
              <StarIcon className="size-4 text-amber-500" />
              <span aria-hidden="true">{rating}</span>
              <span className="sr-only">{t.ratingLabel(rating)}</span>
            </span>
          </div>
        </div>
      </a>
      {heart && <FavouriteButton id={animal._id} name={animal.name} />}
    </div>
  );
}
