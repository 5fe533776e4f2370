/**
 * Placeholder cards with exactly the size of AnimalCard (same frame, 4:3 picture, name,
 * three-line description and footer heights), so nothing moves when the cards arrive.
 */
import { CARD_FRAME, CARD_GRID } from '../../lib/classes.ts';

const BLOCK = 'rounded bg-slate-200 motion-safe:animate-pulse dark:bg-slate-700';

function AnimalCardSkeleton() {
  return (
    <div className={CARD_FRAME} data-testid="animal-card-skeleton" aria-hidden="true">
      <div className="aspect-[4/3] w-full bg-slate-200 motion-safe:animate-pulse dark:bg-slate-700" />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex h-7 items-center">
          <div className={`h-5 w-1/2 ${BLOCK}`} />
        </div>
        <div className="flex h-[4.5rem] flex-col justify-around">
          <div className={`h-3 w-full ${BLOCK}`} />
          <div className={`h-3 w-11/12 ${BLOCK}`} />
          <div className={`h-3 w-2/3 ${BLOCK}`} />
        </div>
        <div className="mt-auto flex h-6 items-center justify-between">
          <div className={`h-4 w-16 ${BLOCK}`} />
          <div className={`h-4 w-10 ${BLOCK}`} />
        </div>
      </div>
    </div>
  );
}

interface GridProps {
  count: number;
  /**
   * Read to screen readers while the cards are on their way. Leave it out when the
   * surrounding screen already announces the loading (the animals list's count line).
   */
  label?: string;
}

/** A grid of `count` placeholder cards, hidden from screen readers except for one loading label. */
export default function AnimalCardSkeletonGrid({ count, label }: GridProps) {
  return (
    <div role={label ? 'status' : undefined} data-testid="animal-skeletons">
      {label && <span className="sr-only">{label}</span>}
      <ul className={CARD_GRID} aria-hidden="true">
        {Array.from({ length: count }, (_, index) => (
          <li key={index}>
            <AnimalCardSkeleton />
          </li>
        ))}
      </ul>
    </div>
  );
}
