/**
 * Makes and fills the recently viewed section (./RecentlyViewed.astro) from the browser's list
 * (./store.ts), once the page has loaded: on an animal's page the animal is added first. The heading,
 * the clear button, the list and its status line are made here; the cards are copies of the section's
 * <template>, filled with text and attributes (never markup). The clear button empties the
 * list, says so and moves focus to the heading; a change in another tab redraws the list. Hidden while
 * it is empty.
 * A module with nothing to export: the page frame (../layout/frame-behaviours.ts) imports it for its effect.
 */
import { BUTTON_SECONDARY } from '../../lib/classes.ts';
import { productPath } from '../../lib/paths.ts';
import { $recentlyViewed } from './store.ts';
import { currentAnimal, withViewed, type ViewedAnimal } from './viewed-list.ts';
import { recentlyViewedStrings as t } from './strings.ts';

export {};

const section = document.querySelector<HTMLElement>('[data-recently-viewed]');
const template = section?.querySelector<HTMLTemplateElement>('template[data-recently-viewed-card]');

/** One element of the section, with its classes (and, for the text ones, its text). */
function element<Name extends keyof HTMLElementTagNameMap>(
  name: Name,
  className: string,
  text = '',
): HTMLElementTagNameMap[Name] {
  const made = document.createElement(name);
  made.className = className;
  made.textContent = text;
  return made;
}

/** The section's heading (which takes the focus after clearing), clear button, list and status line. */
function makeSection(into: HTMLElement) {
  const heading = element('h2', 'text-2xl font-bold focus:outline-none', t.title);
  heading.id = 'recently-viewed-title';
  heading.tabIndex = -1;
  into.setAttribute('aria-labelledby', heading.id);
  const clear = element('button', `${BUTTON_SECONDARY} px-4 py-2`, t.clear);
  clear.type = 'button';
  const top = element('div', 'mb-4 flex flex-wrap items-center justify-between gap-4');
  top.append(heading, clear);
  const list = element('ul', 'light-cards sm:grid-cols-3 lg:grid-cols-6');
  const status = element('p', 'text-slate-700 empty:hidden dark:text-slate-300');
  status.setAttribute('role', 'status');
  into.append(top, list, status);
  return { heading, clear, list, status };
}

function card(animal: ViewedAnimal, from: HTMLTemplateElement): DocumentFragment {
  const copy = from.content.cloneNode(true) as DocumentFragment;
  copy.querySelector('a')!.href = productPath(animal.id);
  copy.querySelector('img')!.src = animal.img;
  // The card's first line is its name (../similar-animals/LightCard.astro).
  copy.querySelector<HTMLElement>('a > span > span')!.textContent = animal.name;
  return copy;
}

if (section && template) {
  const { heading, clear, list, status } = makeSection(section);
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
    heading.focus();
  });

  $recentlyViewed.subscribe(draw);
}
