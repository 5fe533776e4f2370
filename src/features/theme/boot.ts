/**
 * The tiny script inlined in every page's <head>, before any stylesheet paints: it reads
 * the stored choice and puts `light` or `dark` on <html> (and the choice itself in
 * `data-theme`), so no page ever flashes the wrong theme. It cannot import anything, so
 * it repeats decodeTheme() of ./storage.ts by hand; tests/unit/theme.test.ts runs both
 * over the same stored values and expects the same answers.
 */
import { THEME_STORAGE_KEY } from './storage.ts';

export const themeBootScript = `(function(){var t='system',d=document.documentElement;try{var r=localStorage.getItem('${THEME_STORAGE_KEY}');if(r){var v;try{v=JSON.parse(r)}catch(e){v=r}if(v&&typeof v=='object')v=v.state&&typeof v.state=='object'?v.state.theme:v.theme;if(typeof v=='string')v=v.trim().toLowerCase();if(v=='light'||v=='dark'||v=='system')t=v}}catch(e){}var k=t=='dark'||t=='system'&&matchMedia('(prefers-color-scheme: dark)').matches;d.classList.toggle('dark',k);d.classList.toggle('light',!k);d.dataset.theme=t})()`;
