/**
 * The header field's role, set as soon as the page's script runs: a combobox (its list closed). The
 * suggestions' code (./combobox.ts) loads on the field's first focus and adds the list it controls.
 */
export function markAsCombobox(input: HTMLInputElement): void {
  input.setAttribute('role', 'combobox');
  input.setAttribute('aria-autocomplete', 'list');
  input.setAttribute('aria-expanded', 'false');
}
