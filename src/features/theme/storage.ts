/**
 * How the theme choice is kept in localStorage: key `theme-storage`, value exactly
 * `{"state":{"theme":"dark"},"version":0}` (choices light, dark, system; default system).
 * Pure functions, shared by the store, the inline boot script's tests and the unit tests.
 */
export const THEME_STORAGE_KEY = 'theme-storage';
const THEME_STORAGE_VERSION = 0;
export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];
type AppliedTheme = Exclude<Theme, 'system'>;
export const DEFAULT_THEME: Theme = 'system';

export function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value);
}

/** The stored text for a choice: `{"state":{"theme":"dark"},"version":0}`. */
export function encodeTheme(theme: Theme): string {
  return JSON.stringify({ state: { theme }, version: THEME_STORAGE_VERSION });
}

/**
 * The choice in a stored text. Reads the current format and the shapes earlier versions
 * of the shop may have left behind (another version number, a bare `{"theme":…}`, the
 * JSON string `"dark"` or the plain word `dark`). Anything unreadable means the default.
 */
export function decodeTheme(stored: string | null | undefined): Theme {
  if (!stored) return DEFAULT_THEME;
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    value = stored;
  }
  if (value && typeof value === 'object') {
    const record = value as { state?: unknown; theme?: unknown };
    value =
      record.state && typeof record.state === 'object' ? (record.state as { theme?: unknown }).theme : record.theme;
  }
  if (typeof value === 'string') value = value.trim().toLowerCase();
  return isTheme(value) ? value : DEFAULT_THEME;
}

/** The theme the page shows for a choice: system follows the operating system. */
export function resolveTheme(theme: Theme, systemPrefersDark: boolean): AppliedTheme {
  if (theme === 'system') return systemPrefersDark ? 'dark' : 'light';
  return theme;
}
