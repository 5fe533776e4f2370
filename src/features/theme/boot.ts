/**
 * The tiny script inlined in every page's <head>, before any stylesheet paints: it reads
 * the stored choice and puts `light` or `dark` on <html> (and the choice itself in
 * `data-theme`), so no page ever flashes the wrong theme. A theme radio the shopper changes
 * before ./theme-switch.ts runs (the menu is a popover: it opens without script) is applied
 * and saved here too, so theme-switch.ts only follows the store: a radio's checked state it
 * finds is never taken as a choice (a browser may restore an old one on reload or Back).
 * It cannot import anything, so it repeats decodeTheme() and encodeTheme() of ./storage.ts by
 * hand; tests/unit/theme.test.ts runs both over the same values and expects the same answers.
 */
import { THEME_STORAGE_KEY } from './storage.ts';

export const themeBootScript = `(function(){var d=document.documentElement,k='${THEME_STORAGE_KEY}',t='system';function a(t){var m=t=='dark'||t=='system'&&matchMedia('(prefers-color-scheme: dark)').matches;d.classList.toggle('dark',m);d.classList.toggle('light',!m);d.dataset.theme=t}try{var r=localStorage.getItem(k);if(r){var v;try{v=JSON.parse(r)}catch(e){v=r}if(v&&typeof v=='object')v=v.state&&typeof v.state=='object'?v.state.theme:v.theme;if(typeof v=='string')v=v.trim().toLowerCase();if(v=='light'||v=='dark'||v=='system')t=v}}catch(e){}a(t);document.addEventListener('change',function(e){var v=e.target.value;if(e.target.name=='theme'&&(v=='light'||v=='dark'||v=='system')){a(v);try{localStorage.setItem(k,'{"state":{"theme":"'+v+'"},"version":0}')}catch(e){}}})})()`;
