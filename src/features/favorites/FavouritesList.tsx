/**
 * The favourites page's island (/favorites, both deployments): the shopper's own list from the store
 * (./store.ts), or a shared list read-only (`?ids=…`). Each animal as the list's cards show it, with today's
 * price, stock and picture read fresh (./favourite-animals.ts): one the shop no longer shows simply drops out
 * (and leaves the shopper's own list). The own list has a remove button per card, an empty state and a link
 * that shares it; a shared list's hearts keep an animal in the reader's own favourites.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { sharedFavouritesIn } from '../../lib/favourites.ts';
import { BUTTON_PRIMARY, BUTTON_SECONDARY, CARD_GRID } from '../../lib/classes.ts';
import { FAVORITES_PATH, PRODUCTS_PATH, sharedFavoritesPath } from '../../lib/paths.ts';
import type { Animal } from '../../lib/schemas.ts';
import AnimalCard from '../animal-list/AnimalCard.tsx';
import AnimalCardSkeletonGrid from '../animal-list/AnimalCardSkeleton.tsx';
import type { SearchSource } from '../animal-list/list-strategy.ts';
import { NOTHING_HERE } from '../animal-list/PastEnd.tsx';
import ErrorBox from '../layout/ErrorBox.tsx';
import { animalsSource } from './favourite-animals.ts';
import { $favourites, setFavourite } from './store.ts';
import { favouritesStrings as t } from './strings.ts';

/** A shared list the Node server read for the address (a static host leaves it to the browser). */
export interface SharedList {
  ids: string[];
  animals: Animal[];
}

interface Props {
  source: SearchSource;
  shared?: SharedList | undefined;
}

type Mode = 'starting' | 'own' | 'shared';

/** The most placeholder cards while the animals load. */
const MOST_PLACEHOLDERS = 6;

const foundIn = (shared: SharedList | undefined) =>
  new Map<string, Animal | null>(
    shared?.ids.map((id) => [id, shared.animals.find((animal) => animal._id === id) ?? null]) ?? [],
  );

export default function FavouritesList({ source, shared }: Props) {
  const [mode, setMode] = useState<Mode>(shared ? 'shared' : 'starting');
  const [ids, setIds] = useState<readonly string[] | undefined>(shared?.ids);
  /** Each id read so far: its animal, or null when the shop does not show it. */
  const [found, setFound] = useState(() => foundIn(shared));
  const [error, setError] = useState<string>();
  const [announced, setAnnounced] = useState('');
  const [copied, setCopied] = useState('');
  const focusAfterRemoval = useRef<number | undefined>(undefined);
  const list = useRef<HTMLUListElement>(null);
  const emptyTitle = useRef<HTMLHeadingElement>(null);
  const animalsOf = useMemo(() => animalsSource(source), [source]);

  // The hearts (a shared list's) and the header's count follow the store on this page too.
  useEffect(() => {
    void import('./hearts.ts');
  }, []);

  // Which list this page shows is in its address; the own list then follows the store (every tab's changes).
  useEffect(() => {
    if (shared) return undefined;
    const sharedIds = sharedFavouritesIn(new URLSearchParams(location.search));
    if (sharedIds) {
      setMode('shared');
      setIds(sharedIds);
      document.title = document.title.replace(t.title, t.sharedTitle);
      return undefined;
    }
    setMode('own');
    return $favourites.subscribe((favourites) => setIds(favourites));
  }, [shared]);

  // The animals not read yet, fresh from the catalogue.
  useEffect(() => {
    const missing = ids?.filter((id) => !found.has(id)) ?? [];
    if (missing.length === 0) return undefined;
    let current = true;
    animalsOf(missing).then(
      (animals) => {
        if (!current) return;
        setError(undefined);
        setFound((before) => new Map([...before, ...missing.map((id) => [id, animals.get(id) ?? null] as const)]));
      },
      (failure: unknown) => {
        if (current) setError(failure instanceof Error ? failure.message : undefined);
      },
    );
    return () => {
      current = false;
    };
  }, [ids, found, animalsOf]);

  // An animal the shop no longer shows leaves the shopper's own list (and the count in the header).
  useEffect(() => {
    if (mode !== 'own' || !ids) return;
    const gone = ids.filter((id) => found.get(id) === null);
    if (gone.length === 0) return;
    for (const id of gone) setFavourite(id, false);
    setAnnounced(t.gone(gone.length));
  }, [mode, ids, found]);

  const shown = (ids ?? []).flatMap((id) => found.get(id) ?? []);
  const loading = ids !== undefined && ids.some((id) => !found.has(id)) && error === undefined;

  // After a removal, focus goes to the next card's remove button (the one before at the end), or the empty state.
  useEffect(() => {
    const index = focusAfterRemoval.current;
    if (index === undefined) return;
    focusAfterRemoval.current = undefined;
    const buttons = list.current?.querySelectorAll<HTMLButtonElement>('button[data-remove]');
    const next = buttons?.[Math.min(index, buttons.length - 1)];
    (next ?? emptyTitle.current)?.focus();
  });

  function remove(animal: Animal, index: number): void {
    focusAfterRemoval.current = index;
    setFavourite(animal._id, false);
    setAnnounced(t.removed(animal.name));
  }

  async function copy(href: string): Promise<void> {
    try {
      await navigator.clipboard.writeText(new URL(href, location.href).href);
      setCopied(t.copied);
    } catch {
      setCopied(t.copyFailed);
    }
  }

  let content;
  if (error !== undefined) {
    content = <ErrorBox message={error} />;
  } else if (mode === 'starting' || ids === undefined) {
    // Said, not shown: what comes next (a list, a shared one with its note, the empty state) is drawn below the
    // heading rather than pushing a line of its own down.
    content = <p className="sr-only">{t.loading}</p>;
  } else if (mode === 'own' && ids.length === 0) {
    content = (
      <div className={NOTHING_HERE} data-testid="favourites-empty">
        <h2 ref={emptyTitle} tabIndex={-1} className="mb-2 text-xl font-bold">
          {t.emptyTitle}
        </h2>
        <p className="mb-4 text-slate-700 dark:text-slate-300">{t.emptyText}</p>
        <a href={PRODUCTS_PATH} className={`${BUTTON_PRIMARY} inline-block px-6 py-3`}>
          {t.browse}
        </a>
      </div>
    );
  } else if (shown.length === 0 && loading) {
    content = <AnimalCardSkeletonGrid count={Math.min(ids.length, MOST_PLACEHOLDERS)} label={t.loading} />;
  } else if (shown.length === 0) {
    content = (
      <p className={NOTHING_HERE} data-testid="favourites-empty">
        {t.sharedEmpty}
      </p>
    );
  } else {
    content = (
      <>
        {mode === 'own' && <p className="mb-4 text-slate-700 dark:text-slate-300">{t.count(shown.length)}</p>}
        <h2 id="favourites-list-title" className="sr-only">
          {t.listLabel}
        </h2>
        <ul ref={list} className={CARD_GRID} aria-labelledby="favourites-list-title" data-testid="favourites-list">
          {shown.map((animal, index) => (
            <li key={animal._id} className="flex flex-col gap-3">
              <div className="flex-1">
                <AnimalCard animal={animal} position={index} heart={mode === 'shared'} />
              </div>
              <div className="flex min-h-11 items-center justify-between gap-3">
                <p
                  className={
                    animal.countInStock > 0
                      ? 'text-emerald-800 dark:text-emerald-300'
                      : 'font-bold text-red-800 dark:text-red-300'
                  }
                  data-testid="favourite-stock"
                >
                  {animal.countInStock > 0 ? t.inStock(animal.countInStock) : t.soldOut}
                </p>
                {mode === 'own' && (
                  <button
                    type="button"
                    data-remove
                    onClick={() => remove(animal, index)}
                    aria-label={t.removeLabel(animal.name)}
                    className={`${BUTTON_SECONDARY} px-4 py-2`}
                  >
                    {t.remove}
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      </>
    );
  }

  const shareHref = sharedFavoritesPath(shown.map((animal) => animal._id));
  return (
    // At least a screen tall: the footer stays below the fold while the list arrives, and nothing moves.
    <div data-testid="favourites" data-mode={mode} className="min-h-svh">
      <h1 className="mb-2 text-3xl font-bold">{mode === 'shared' ? t.sharedTitle : t.title}</h1>
      {mode === 'shared' && (
        <p className="mb-6 text-slate-700 dark:text-slate-300">
          {t.sharedNote}{' '}
          <a href={FAVORITES_PATH} className="text-brand-700 underline dark:text-brand-100">
            {t.toMine}
          </a>
        </p>
      )}
      <p role="status" className="sr-only">
        {announced}
      </p>
      {content}
      {mode === 'own' && shown.length > 0 && (
        <section
          aria-labelledby="favourites-share-title"
          className="mt-8 rounded-2xl border border-slate-200 p-4 dark:border-slate-700"
        >
          <h2 id="favourites-share-title" className="mb-1 text-xl font-bold">
            {t.shareTitle}
          </h2>
          <p className="mb-3 text-slate-700 dark:text-slate-300">{t.shareText}</p>
          <div className="flex flex-wrap items-center gap-4">
            <a
              href={shareHref}
              className="text-brand-700 underline dark:text-brand-100"
              data-testid="favourites-share-link"
            >
              {t.shareLink}
            </a>
            <button type="button" onClick={() => void copy(shareHref)} className={`${BUTTON_SECONDARY} px-4 py-2`}>
              {t.copy}
            </button>
            <p role="status" className="min-h-6 text-slate-700 dark:text-slate-300">
              {copied}
            </p>
          </div>
        </section>
      )}
    </div>
  );
}
