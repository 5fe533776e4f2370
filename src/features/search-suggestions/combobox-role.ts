/**
 * The header field's role, set as soon as the page's script runs: a combobox (its list closed). The
 * suggestions' code (./combobox.ts) loads on the field's first focus and adds the list it controls.
 * Without script the field is the page's plain search field (`type="search"`, a searchbox); as a
 * combobox it is a text field, the input type HTML allows that role on (ARIA in HTML).
 */
export function markAsCombobox(input: HTMLInputElement): void {
  input.type = 'text';
  input.setAttribute('role', 'combobox');
  input.setAttribute('aria-autocomplete', 'list');
  input.setAttribute('aria-expanded', 'false');
}
