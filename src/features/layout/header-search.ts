/** The header search form's behaviour (see HeaderSearch.astro). */
import { $searchText } from '../animal-list/search-store.ts';
import { normalisePath } from './nav.ts';
import { productsSearchUrl } from './search-url.ts';
import { PRODUCTS_PATH } from '../../lib/paths.ts';
import { markAsCombobox } from '../search-suggestions/combobox-role.ts';

const form = document.querySelector<HTMLFormElement>('form[data-header-search]');
const input = form?.querySelector<HTMLInputElement>('input[name="query"]');

if (form && input) {
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const url = productsSearchUrl(input.value);
    if (url) location.assign(url);
  });

  if (normalisePath(location.pathname) === PRODUCTS_PATH && !input.value) {
    input.value = new URLSearchParams(location.search).get('query') ?? '';
  }

  // Suggestions under the field as the shopper types (docs/search.md); Enter without a choice submits as above.
  // Their code loads when the shopper first reaches the field, so a page that is only read never pays for it.
  markAsCombobox(input);
  const suggest = () =>
    void import('../search-suggestions/combobox.ts').then(({ enhanceWithSuggestions }) =>
      enhanceWithSuggestions(input, (href) => location.assign(href)),
    );
  // A shopper may have reached the field before this script ran.
  if (document.activeElement === input) suggest();
  else input.addEventListener('focus', suggest, { once: true });

  $searchText.listen((text) => {
    if (input.value !== text) input.value = text;
  });
}
