// @ts-check
/**
 * html-validate's configuration (tests/e2e/checkers.spec.ts runs it on every kind of page, as served and as
 * the browser holds it; `npx html-validate FILE` reads it too): the recommended rules, with these changes.
 * Each is for what React's server renderer writes in the islands' HTML, which the HTML parser reads exactly
 * as Astro's way of writing the same thing: the rules ask one document to write it one way, and the pages
 * are written by two renderers that do not share one.
 * @type {import('html-validate').ConfigData}
 */
const config = {
  root: true,
  extends: ['html-validate:recommended'],
  rules: {
    // React closes void elements (`<img …/>`, `<input …/>`), Astro does not; HTML allows and ignores the slash.
    'void-style': 'off',
    // React writes a boolean or empty attribute as `name=""` (`selected=""`, `hidden=""`), Astro as the bare
    // name (`popover`, `crossorigin`): the same attribute either way.
    'attribute-boolean-style': 'off',
    'attribute-empty-style': 'off',
    // React writes some attribute names as their DOM property is spelled (`maxLength`, `readOnly`,
    // `inputMode`, `fetchPriority`); HTML attribute names are case-insensitive. Lower case or camelCase only.
    'attr-case': ['error', { style: ['lowercase', 'camelcase'] }],
    // React's useId() makes ids such as `_r1R_0_-subject`: HTML allows any id without white space, which is
    // what the rule's relaxed mode checks.
    'valid-id': ['error', { relaxed: true }],
  },
};

export default config;

/**
 * For a page as the browser holds it once its scripts ran (the DOM, serialized), the same, but for style
 * written by script through the CSSOM, which the Content-Security-Policy allows and which the serialized DOM
 * shows as a `style` attribute (the home page's showcase rows, moved as the page scrolls). The served pages
 * are checked with `no-inline-style` on.
 * @type {import('html-validate').ConfigData}
 */
export const inBrowser = { ...config, rules: { ...config.rules, 'no-inline-style': 'off' } };
