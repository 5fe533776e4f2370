/**
 * The theme control's behaviour: a radio choice sets the theme; the radios follow the store. A choice
 * made before this ran was applied and saved by the boot script (./boot.ts), so the store already holds
 * it; a radio's checked state found here may be one the browser restored from an earlier visit, and is
 * set right from the store.
 */
import { isTheme } from './storage.ts';
import { $theme, setTheme } from './store.ts';

for (const menu of document.querySelectorAll<HTMLElement>('[data-theme-menu]')) {
  menu.addEventListener('change', (event) => {
    const value = (event.target as HTMLInputElement).value;
    if (isTheme(value)) setTheme(value);
  });
  $theme.subscribe((theme) => {
    // The radios may not be there yet: the boot script writes them in when the page is parsed.
    for (const radio of menu.querySelectorAll<HTMLInputElement>('input[name="theme"]'))
      radio.checked = radio.value === theme;
  });
}
