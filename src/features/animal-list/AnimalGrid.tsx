/** A static grid of animal cards (server-rendered pages: one category). */
import type { Animal } from '../../lib/schemas.ts';
import { CARD_GRID } from '../../lib/classes.ts';
import AnimalCard from './AnimalCard.tsx';
import { pageAnchor } from './page-anchor.ts';

interface Props {
  animals: Animal[];
  /** The id of the heading that names the list. */
  labelledBy?: string;
  /** The page of the list the first card starts (the first card of each page is a focus target). */
  firstPage?: number;
  /** The first card's picture is the page's leading one (false under a category's hero picture). */
  leads?: boolean;
}

export default function AnimalGrid({ animals, labelledBy, firstPage = 1, leads = true }: Props) {
  return (
    <ul className={CARD_GRID} aria-labelledby={labelledBy} data-testid="animal-grid">
      {animals.map((animal, index) => (
        <li key={animal._id} {...pageAnchor(firstPage, index)}>
          <AnimalCard animal={animal} position={index} leads={leads} />
        </li>
      ))}
    </ul>
  );
}
