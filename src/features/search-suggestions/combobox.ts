/**
 * The header search field as a WAI-ARIA combobox with a list of suggestions: typing asks
 * for suggestions after a short pause; ↑/↓ move through them, Enter opens the chosen animal or
 * category, Esc closes the list, the mouse and touch choose too. Enter with nothing chosen is the
 * plain search form of the spec (header-search.ts). Without JavaScript none of this exists: the
 * field stays the spec's plain search field.
 */
import { fetchSuggestions, nextActive, SUGGEST_DEBOUNCE_MS, type Suggestion } from './suggestions.ts';
import { suggestionStrings as t } from './strings.ts';

/** The server's suggestions, or on a static host without an API the browser index's (loaded only there). */
const suggestionsFor = import.meta.env.SHOP_SUGGEST_FROM_INDEX
  ? (text: string, signal: AbortSignal) =>
      import('./index-suggestions.ts').then(({ suggestFromIndex }) => suggestFromIndex(text, signal))
  : fetchSuggestions;
import { markAsCombobox } from './combobox-role.ts';

const LIST_ID = 'header-suggestions';

export function enhanceWithSuggestions(input: HTMLInputElement, go: (href: string) => void): void {
  const form = input.form;
  if (!form) return;
  const list = document.createElement('ul');
  list.id = LIST_ID;
  list.setAttribute('role', 'listbox');
  list.setAttribute('aria-label', t.listLabel);
  list.hidden = true;
  list.className =
    'absolute inset-x-0 top-full z-30 mt-1 max-h-96 overflow-y-auto rounded-lg border border-slate-300 bg-white py-1 shadow-lg dark:border-slate-600 dark:bg-slate-900';
  const status = document.createElement('p');
  status.setAttribute('role', 'status');
  status.className = 'sr-only';
  form.append(list, status);

  markAsCombobox(input);
  input.setAttribute('aria-controls', LIST_ID);

  let suggestions: Suggestion[] = [];
  let active = -1;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: AbortController | undefined;

  const optionId = (index: number) => `${LIST_ID}-${index}`;

  function setActive(index: number) {
    active = index;
    list.querySelectorAll('[role="option"]').forEach((option, at) => {
      option.setAttribute('aria-selected', String(at === index));
    });
    if (index < 0) input.removeAttribute('aria-activedescendant');
    else {
      input.setAttribute('aria-activedescendant', optionId(index));
      document.getElementById(optionId(index))?.scrollIntoView({ block: 'nearest' });
    }
  }

  function close() {
    list.hidden = true;
    input.setAttribute('aria-expanded', 'false');
    setActive(-1);
  }

  function open() {
    if (suggestions.length === 0) return close();
    list.hidden = false;
    input.setAttribute('aria-expanded', 'true');
  }

  function render(next: Suggestion[]) {
    suggestions = next;
    list.replaceChildren(
      ...next.map((suggestion, index) => {
        const option = document.createElement('li');
        option.id = optionId(index);
        option.setAttribute('role', 'option');
        option.setAttribute('aria-selected', 'false');
        option.dataset.href = suggestion.href;
        option.className =
          'flex cursor-pointer items-baseline justify-between gap-3 px-3 py-2 text-slate-900 aria-selected:bg-brand-100 dark:text-slate-100 dark:aria-selected:bg-slate-700';
        const name = document.createElement('span');
        name.textContent = suggestion.name;
        const kind = document.createElement('span');
        kind.className = 'shrink-0 text-sm text-slate-600 dark:text-slate-300';
        kind.textContent = t.kind[suggestion.kind];
        option.append(name, kind);
        return option;
      }),
    );
    active = -1;
    input.removeAttribute('aria-activedescendant');
    status.textContent = input.value.trim() ? t.count(next.length) : '';
    if (document.activeElement === input) open();
    else close();
  }

  async function ask(text: string) {
    pending?.abort();
    if (!text) {
      render([]);
      return;
    }
    const controller = new AbortController();
    pending = controller;
    try {
      const found = await suggestionsFor(text, controller.signal);
      if (pending === controller && input.value.trim() === text) render(found);
    } catch {
      // Aborted by a newer keystroke: that one answers.
    }
  }

  input.addEventListener('input', () => {
    clearTimeout(timer);
    const text = input.value.trim();
    if (!text) {
      pending?.abort();
      render([]);
      return;
    }
    timer = setTimeout(() => void ask(text), SUGGEST_DEBOUNCE_MS);
  });

  input.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (suggestions.length === 0) return;
      event.preventDefault();
      if (list.hidden) open();
      setActive(nextActive(active, suggestions.length, event.key));
    } else if (event.key === 'Enter') {
      const chosen = !list.hidden && active >= 0 ? suggestions[active] : undefined;
      if (chosen) {
        event.preventDefault();
        close();
        go(chosen.href);
      }
    } else if (event.key === 'Escape') {
      if (!list.hidden) {
        // Closes the list and keeps the text (a search field would otherwise clear itself).
        event.preventDefault();
        close();
      }
    } else if (event.key === 'Tab') {
      close();
    }
  });

  input.addEventListener('blur', close);
  input.addEventListener('focus', () => {
    if (input.value.trim() && suggestions.length > 0) open();
  });
  // Choosing with the mouse or a finger: the field keeps the focus until the choice is made.
  list.addEventListener('pointerdown', (event) => event.preventDefault());
  list.addEventListener('pointermove', (event) => {
    const option = (event.target as Element).closest('[role="option"]');
    if (option) setActive([...list.children].indexOf(option));
  });
  list.addEventListener('click', (event) => {
    const href = (event.target as Element).closest<HTMLElement>('[role="option"]')?.dataset.href;
    if (!href) return;
    close();
    go(href);
  });
  // Text typed before this code arrived (it loads on the field's first focus) asks at once.
  if (input.value.trim()) input.dispatchEvent(new Event('input'));
}
