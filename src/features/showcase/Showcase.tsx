/**
 * The home page's scroll-animated showcase (an island): the category list repeated three
 * times (ids prefixed so they stay unique), the first 15 tiles in three rows of five.
 * As the page scrolls the rows drift sideways, alternating directions (motion's useScroll
 * + useTransform, written to the rows' style); prefers-reduced-motion keeps them still. Each tile shows picture and
 * name; its one-line description appears on hover and on keyboard focus.
 *
 * Data: the server's categories are the initial value and seed the page cache under
 * 'categories', so the page makes no categories request. Without them (the server could
 * not load them) the island fetches them once, showing placeholder tiles meanwhile, or
 * the error box when that fails.
 */
import { useScroll, useTransform, type MotionValue } from 'motion/react';
import { useEffect, useRef, useState } from 'react';
import { otherError } from '../../lib/api/errors.ts';
import { categoryPath } from '../../lib/paths.ts';
import { usePrefersReducedMotion } from '../../lib/reduced-motion.ts';
import type { Category } from '../../lib/schemas.ts';
import { loadCategories, seedCategories } from './query-cache.ts';
import CardPicture from '../layout/CardPicture.tsx';
import ErrorBox from '../layout/ErrorBox.tsx';
import { showcaseStrings as t } from './strings.ts';
import { SHOWCASE_ROW_LENGTH, SHOWCASE_TILE_COUNT, showcaseRows, type ShowcaseTile } from './tiles.ts';

/** How far a row drifts over the whole page scroll, as a share of its own width. */
const DRIFT = '5%';

type State = { status: 'loading' } | { status: 'ready'; categories: Category[] } | { status: 'error'; message: string };

interface Props {
  /** The categories the server rendered the page with. */
  initialCategories?: Category[] | undefined;
}

/** A row: wide enough for five tiles (scrolls sideways on small screens), drifting by `x`. */
const ROW_FRAME = 'overflow-x-auto overscroll-x-contain px-1 py-2 [scrollbar-width:thin]';
const ROW = 'mx-auto grid w-[88%] min-w-[44rem] grid-cols-5 gap-4 md:min-w-0';

/** A tile; `position` is its place on the page (0-based): the first row's pictures load at once. */
function Tile({ tile, position }: { tile: ShowcaseTile; position: number }) {
  const { category } = tile;
  return (
    <li id={tile.id} data-testid="showcase-tile">
      <a
        href={categoryPath(category.slug)}
        className="group block overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-lg motion-reduce:transition-none dark:border-slate-700 dark:bg-slate-900"
      >
        <span className="relative block overflow-hidden">
          <CardPicture
            src={category.img}
            position={position}
            rowLength={SHOWCASE_ROW_LENGTH}
            className="transition-transform duration-300 group-hover:scale-105 group-focus-visible:scale-105 motion-reduce:transition-none motion-reduce:group-hover:scale-100 motion-reduce:group-focus-visible:scale-100"
          />
          <span
            className="absolute inset-x-0 bottom-0 truncate bg-slate-900 px-2 py-1 text-sm text-white opacity-0 transition-opacity duration-200 group-hover:opacity-100 group-focus-visible:opacity-100 motion-reduce:transition-none"
            data-testid="showcase-description"
          >
            {category.description}
          </span>
        </span>
        <span className="block truncate px-3 py-2 font-bold">{category.name}</span>
      </a>
    </li>
  );
}

function PlaceholderRows() {
  const rows = Array.from({ length: SHOWCASE_TILE_COUNT / SHOWCASE_ROW_LENGTH }, (_, row) => row);
  return (
    <div role="status" data-testid="showcase-placeholder">
      <span className="sr-only">{t.loading}</span>
      {rows.map((row) => (
        <div key={row} className={ROW_FRAME} aria-hidden="true">
          <div className={ROW}>
            {Array.from({ length: SHOWCASE_ROW_LENGTH }, (_, index) => (
              <div key={index} className="overflow-hidden rounded-2xl border border-slate-200 dark:border-slate-700">
                <div className="aspect-[4/3] w-full bg-slate-200 motion-safe:animate-pulse dark:bg-slate-700" />
                <div className="flex h-10 items-center px-3">
                  <div className="h-4 w-2/3 rounded bg-slate-200 motion-safe:animate-pulse dark:bg-slate-700" />
                </div>
              </div>
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}

/**
 * One row of five tiles, moved sideways by `x` (a motion value that follows the page
 * scroll). The transform is written straight to the element as the value changes: no
 * React render per frame and no animation feature bundle.
 */
function DriftingRow({
  tiles,
  row: rowIndex,
  x,
  still,
}: {
  tiles: ShowcaseTile[];
  row: number;
  x: MotionValue<string>;
  still: boolean;
}) {
  const row = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const element = row.current;
    if (!element) return;
    if (still) {
      element.style.transform = '';
      return;
    }
    const apply = (value: string) => {
      element.style.transform = `translateX(${value})`;
    };
    apply(x.get());
    return x.on('change', apply);
  }, [x, still]);
  return (
    <div className={ROW_FRAME}>
      <ul ref={row} className={`${ROW} will-change-transform motion-reduce:transform-none!`} data-testid="showcase-row">
        {tiles.map((tile, index) => (
          <Tile key={tile.id} tile={tile} position={rowIndex * SHOWCASE_ROW_LENGTH + index} />
        ))}
      </ul>
    </div>
  );
}

function Rows({ categories }: { categories: Category[] }) {
  const still = usePrefersReducedMotion();
  const { scrollYProgress } = useScroll();
  const toStart = useTransform(scrollYProgress, [0, 1], ['0%', `-${DRIFT}`]);
  const toEnd = useTransform(scrollYProgress, [0, 1], ['0%', DRIFT]);
  return (
    <>
      {showcaseRows(categories).map((tiles, index) => (
        <DriftingRow key={index} tiles={tiles} row={index} x={index % 2 === 0 ? toStart : toEnd} still={still} />
      ))}
    </>
  );
}

export default function Showcase({ initialCategories }: Props) {
  const [state, setState] = useState<State>(() => {
    if (!initialCategories) return { status: 'loading' };
    seedCategories(initialCategories);
    return { status: 'ready', categories: initialCategories };
  });

  useEffect(() => {
    if (state.status !== 'loading') return;
    let live = true;
    loadCategories().then(
      (categories) => live && setState({ status: 'ready', categories }),
      (error: unknown) => live && setState({ status: 'error', message: otherError(error).message }),
    );
    return () => {
      live = false;
    };
  }, [state.status]);

  return (
    <div dir="rtl" className="flex flex-col gap-2" data-testid="showcase">
      {state.status === 'loading' && <PlaceholderRows />}
      {state.status === 'error' && <ErrorBox message={state.message} />}
      {state.status === 'ready' && <Rows categories={state.categories} />}
    </div>
  );
}
