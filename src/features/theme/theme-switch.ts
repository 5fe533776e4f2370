/** The theme control's behaviour: a radio choice sets the theme; the radios follow the store. */
import { isTheme } from './storage.ts';
import { $theme, setTheme } from './store.ts';

for (const menu of document.querySelectorAll<HTMLElement>('[data-theme-menu]')) {
  const radios = [...menu.querySelectorAll<HTMLInputElement>('input[name="theme"]')];
  // The menu opens without script, so a shopper may have chosen before this ran: that choice wins.
  const chosen = radios.find((radio) => radio.checked)?.value;
  if (chosen && isTheme(chosen)) setTheme(chosen);
  menu.addEventListener('change', (event) => {
    const value = (event.target as HTMLInputElement).value;
    if (isTheme(value)) setTheme(value);
  });
  $theme.subscribe((theme) => {
    for (const radio of radios) radio.checked = radio.value === theme;
  });
}
