/**
 * Fills the recently viewed section (./RecentlyViewed.astro) from the browser's list (./store.ts), once
 * the page has loaded: on an animal's page the animal is added first. The cards are copies of the
 * section's <template>, filled with text and attributes (never markup). The clear button empties the
 * list, says so and moves focus to the heading; a change in another tab redraws the list. Hidden while
 * it is empty.
 * A module with nothing to export: the page frame (../layout/frame-behaviours.ts) imports it for its effect.
 */
import { productPath } from '../../lib/paths.ts';
import { $recentlyViewed } from './store.ts';
import { currentAnimal, withViewed, type ViewedAnimal } from './viewed-list.ts';
import { recentlyViewedStrings as t } from './strings.ts';

export {};

const section = document.querySelector<HTMLElement>('[data-recently-viewed]');
const list = section?.querySelector<HTMLUListElement>('[data-recently-viewed-list]');
const template = section?.querySelector<HTMLTemplateElement>('template[data-recently-viewed-card]');
const status = section?.querySelector<HTMLElement>('[data-recently-viewed-status]');
const clear = section?.querySelector<HTMLButtonElement>('[data-recently-viewed-clear]');

function card(animal: ViewedAnimal, from: HTMLTemplateElement): DocumentFragment {
  const copy = from.content.cloneNode(true) as DocumentFragment;
  copy.querySelector('a')!.href = productPath(animal.id);
  copy.querySelector('img')!.src = animal.img;
  copy.querySelector<HTMLElement>('.light-card-name')!.textContent = animal.name;
  return copy;
}

if (section && list && template && status && clear) {
  const current = currentAnimal(section.dataset['current']);
  if (current) $recentlyViewed.set(withViewed($recentlyViewed.get(), current));
  let cleared = false;

  const draw = (viewed: readonly ViewedAnimal[]) => {
    const shown = viewed.filter((animal) => animal.id !== current?.id);
    list.replaceChildren(...shown.map((animal) => card(animal, template)));
    if (shown.length > 0) {
      cleared = false;
      status.textContent = '';
    }
    clear.hidden = shown.length === 0;
    // After clearing, the section stays to say so (and keep the focus it was given) until the page is left.
    section.hidden = shown.length === 0 && !cleared;
  };

  clear.addEventListener('click', () => {
    cleared = true;
    $recentlyViewed.set([]);
    status.textContent = t.cleared;
    section.querySelector<HTMLElement>('#recently-viewed-title')?.focus();
  });

  $recentlyViewed.subscribe(draw);
}
