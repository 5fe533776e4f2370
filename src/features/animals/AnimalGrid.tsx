/** A static grid of animal cards (server-rendered pages: one category). */
import type { Animal } from '../../lib/schemas.ts';
import AnimalCard, { ANIMAL_GRID } from './AnimalCard.tsx';

interface Props {
  animals: Animal[];
  /** The id of the heading that names the list. */
  labelledBy?: string;
}

export default function AnimalGrid({ animals, labelledBy }: Props) {
  return (
    <ul className={ANIMAL_GRID} aria-labelledby={labelledBy} data-testid="animal-grid">
      {animals.map((animal) => (
        <li key={animal._id}>
          <AnimalCard animal={animal} />
        </li>
      ))}
    </ul>
  );
}
