/** The theme's storage format, and the inline boot script agreeing with it. */
import { describe, expect, it } from 'vitest';
import { themeBootScript } from '../../src/features/theme/boot.ts';
import {
  decodeTheme,
  encodeTheme,
  resolveTheme,
  THEME_STORAGE_KEY,
  type Theme,
} from '../../src/features/theme/storage.ts';

describe('theme storage', () => {
  it('is kept under theme-storage in exactly the zustand-style format, version 0', () => {
    expect(THEME_STORAGE_KEY).toBe('theme-storage');
    expect(encodeTheme('dark')).toBe('{"state":{"theme":"dark"},"version":0}');
    expect(encodeTheme('light')).toBe('{"state":{"theme":"light"},"version":0}');
    expect(encodeTheme('system')).toBe('{"state":{"theme":"system"},"version":0}');
  });

  it('reads back what it writes', () => {
    for (const theme of ['light', 'dark', 'system'] as const) expect(decodeTheme(encodeTheme(theme))).toBe(theme);
  });

  it('defaults to system when nothing (or nonsense) is stored', () => {
    for (const stored of [
      null,
      undefined,
      '',
      '{',
      'null',
      '42',
      '[]',
      '{"state":{"theme":"purple"},"version":0}',
      '{"state":null}',
    ]) {
      expect(decodeTheme(stored), String(stored)).toBe('system');
    }
  });

  it('still loads values saved by earlier versions of the shop', () => {
    expect(decodeTheme('{"state":{"theme":"dark"}}')).toBe('dark');
    expect(decodeTheme('{"state":{"theme":"light","other":1},"version":3}')).toBe('light');
    expect(decodeTheme('{"theme":"dark"}')).toBe('dark');
    expect(decodeTheme('"dark"')).toBe('dark');
    expect(decodeTheme('dark')).toBe('dark');
    expect(decodeTheme(' Light ')).toBe('light');
  });

  it('resolves system by the operating system preference', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });
});

describe('the inline boot script', () => {
  /** Runs the script as the page does, with a stand-in document; `change` fires a change event at it after. */
  function boot(stored: string | null, prefersDark: boolean, throwingStorage = false) {
    const classes = new Set<string>(['light']);
    const root = {
      classList: { toggle: (name: string, on: boolean) => (on ? classes.add(name) : classes.delete(name)) },
      dataset: {} as Record<string, string>,
    };
    const saved = new Map<string, string>();
    const localStorage = {
      getItem(key: string) {
        if (throwingStorage) throw new Error('blocked');
        return key === THEME_STORAGE_KEY ? stored : null;
      },
      setItem(key: string, value: string) {
        if (throwingStorage) throw new Error('blocked');
        saved.set(key, value);
      },
    };
    const listeners = new Map<string, (event: { target: unknown }) => void>();
    const document = {
      documentElement: root,
      addEventListener: (type: string, listener: (event: { target: unknown }) => void) => listeners.set(type, listener),
    };
    const matchMedia = (query: string) => ({ matches: query === '(prefers-color-scheme: dark)' && prefersDark });
    // eslint-disable-next-line @typescript-eslint/no-implied-eval, @typescript-eslint/no-unsafe-call -- runs the inline script as the page does
    new Function('document', 'localStorage', 'matchMedia', themeBootScript)(document, localStorage, matchMedia);
    const state = () => ({
      classes: [...classes].sort(),
      theme: root.dataset['theme'],
      saved: saved.get(THEME_STORAGE_KEY),
    });
    return {
      state,
      change(target: { name: string; value: string }) {
        listeners.get('change')?.({ target });
        return state();
      },
    };
  }
  const runBoot = (stored: string | null, prefersDark: boolean, throwingStorage = false) => {
    const { classes, theme } = boot(stored, prefersDark, throwingStorage).state();
    return { classes, theme };
  };

  const stored = [
    null,
    '',
    'garbage{',
    '{"state":{"theme":"dark"},"version":0}',
    '{"state":{"theme":"light"},"version":0}',
    '{"state":{"theme":"system"},"version":0}',
    '{"state":{"theme":"dark"}}',
    '{"theme":"light"}',
    '"dark"',
    'dark',
    ' Light ',
    '{"state":{"theme":"purple"},"version":0}',
    '{"state":null}',
    'null',
    '[]',
  ];

  it('decides exactly as decodeTheme() does, for every stored value and preference', () => {
    for (const value of stored) {
      for (const prefersDark of [false, true]) {
        const theme: Theme = decodeTheme(value);
        const applied = resolveTheme(theme, prefersDark);
        expect(runBoot(value, prefersDark), `${value} / dark OS: ${prefersDark}`).toEqual({
          classes: [applied],
          theme,
        });
      }
    }
  });

  it('falls back to system when storage is blocked', () => {
    expect(runBoot(null, true, true)).toEqual({ classes: ['dark'], theme: 'system' });
  });

  it('applies and saves a theme radio changed before the theme script runs, exactly as encodeTheme() writes it', () => {
    for (const theme of ['light', 'dark', 'system'] as const) {
      for (const prefersDark of [false, true]) {
        const page = boot('{"state":{"theme":"light"},"version":0}', prefersDark);
        expect(page.change({ name: 'theme', value: theme }), `${theme} / dark OS: ${prefersDark}`).toEqual({
          classes: [resolveTheme(theme, prefersDark)],
          theme,
          saved: encodeTheme(theme),
        });
      }
    }
  });

  it('leaves other fields, and values that are no theme, alone', () => {
    const page = boot('{"state":{"theme":"dark"},"version":0}', false);
    const before = page.state();
    expect(page.change({ name: 'sort', value: 'light' })).toEqual(before);
    expect(page.change({ name: 'theme', value: 'purple' })).toEqual(before);
  });

  it('still applies a change when storage is blocked', () => {
    const page = boot(null, false, true);
    expect(page.change({ name: 'theme', value: 'dark' })).toEqual({
      classes: ['dark'],
      theme: 'dark',
      saved: undefined,
    });
  });
});
