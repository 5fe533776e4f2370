/**
 * The theme's part of the script every page runs before it paints (../layout/boot-script.server.ts): it reads
 * the stored choice and puts `light` or `dark` on <html> (and the choice itself in `data-theme`), so no page
 * ever flashes the wrong theme. It also writes the theme menu's three radios into the menu's empty popover,
 * when the page is parsed or when the menu opens before that, checked as `data-theme` says: they are the
 * same on every page, so they live in this cached file rather than in each page's HTML.
 * A radio the shopper changes before ./theme-switch.ts runs is applied and saved here too, so
 * theme-switch.ts only follows the store.
 * It cannot import anything at run time, so it repeats decodeTheme() and encodeTheme() of ./storage.ts by
 * hand; tests/unit/theme.test.ts runs both over the same values and expects the same answers.
 */
import { THEME_STORAGE_KEY, THEMES } from './storage.ts';
import { themeStrings as t } from './strings.ts';

/** The menu's radios, each labelled with its name and its joke (the popover's content). */
const themeMenuHtml = `<fieldset><legend>${t.legend}</legend>${THEMES.map(
  (theme) =>
    `<label class="theme-option"><input type="radio" name="theme" value="${theme}"><span><span>${t.options[theme].name}</span><span>${t.options[theme].joke}</span></span></label>`,
).join('')}</fieldset>`;

export const themeBootScript = `(function(){var d=document.documentElement,k='${THEME_STORAGE_KEY}',t='system';function a(t){var m=t=='dark'||t=='system'&&matchMedia('(prefers-color-scheme: dark)').matches;d.classList.toggle('dark',m);d.classList.toggle('light',!m);d.dataset.theme=t}try{var r=localStorage.getItem(k);if(r){var v;try{v=JSON.parse(r)}catch(e){v=r}if(v&&typeof v=='object')v=v.state&&typeof v.state=='object'?v.state.theme:v.theme;if(typeof v=='string')v=v.trim().toLowerCase();if(v=='light'||v=='dark'||v=='system')t=v}}catch(e){}a(t);function f(){var m=document.getElementById('theme-menu'),i;if(m&&!m.firstChild){m.innerHTML=${JSON.stringify(themeMenuHtml)};i=m.querySelector('[value='+d.dataset.theme+']');if(i)i.checked=true}}document.addEventListener('DOMContentLoaded',f);document.addEventListener('beforetoggle',f,true);document.addEventListener('change',function(e){var v=e.target.value;if(e.target.name=='theme'&&(v=='light'||v=='dark'||v=='system')){a(v);try{localStorage.setItem(k,'{"state":{"theme":"'+v+'"},"version":0}')}catch(e){}}})})()`;
