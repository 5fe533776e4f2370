/**
 * The theme state, shared by every script and island that imports it:
 * `$theme` is the shopper's choice (light, dark, system), persisted in localStorage
 * under `theme-storage`; the page shows it (light or dark on <html>), and `system` keeps
 * following the operating system's preference live.
 */
import { persistentAtom } from '@nanostores/persistent';
import { DEFAULT_THEME, THEME_STORAGE_KEY, decodeTheme, encodeTheme, resolveTheme, type Theme } from './storage.ts';

export const $theme = persistentAtom<Theme>(THEME_STORAGE_KEY, DEFAULT_THEME, {
  encode: encodeTheme,
  decode: decodeTheme,
});

const darkQuery = typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : undefined;

function apply(): void {
  const theme = $theme.get();
  const applied = resolveTheme(theme, darkQuery?.matches ?? false);
  if (typeof document === 'undefined') return;
  const root = document.documentElement;
  root.classList.toggle('dark', applied === 'dark');
  root.classList.toggle('light', applied === 'light');
  root.dataset['theme'] = theme;
}

$theme.subscribe(apply);
darkQuery?.addEventListener('change', apply);

/** Chooses a theme: applied at once and saved. */
export function setTheme(theme: Theme): void {
  $theme.set(theme);
}
