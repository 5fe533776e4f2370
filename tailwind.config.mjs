// @ts-check
/**
 * The shop's design tokens (the design card names this file): brand colours, the font, the
 * breakpoints the grids use, dark mode by class. Tailwind 4 loads it from
 * src/features/layout/global.css (`@config`); everything else about styling lives in that CSS.
 * @type {import('tailwindcss').Config}
 */
export default {
  // Dark mode by class: `dark` on <html>, set before first paint by the theme boot script
  // (src/features/theme/boot.ts). `:where` keeps `dark:` from adding specificity (a `hover:` still wins).
  darkMode: ['variant', '&:where(.dark, .dark *)'],
  theme: {
    // Tailwind's breakpoints, written out: the grids go from 1 column to 2 at md and 3 at lg.
    screens: {
      sm: '40rem',
      md: '48rem',
      lg: '64rem',
      xl: '80rem',
      '2xl': '96rem',
    },
    extend: {
      fontFamily: {
        sans: ['Heebo', 'system-ui', 'sans-serif'],
      },
      colors: {
        brand: {
          50: 'oklch(0.97 0.02 300)',
          100: 'oklch(0.93 0.05 300)',
          200: 'oklch(0.87 0.09 300)',
          500: 'oklch(0.58 0.2 300)',
          600: 'oklch(0.5 0.21 300)',
          700: 'oklch(0.43 0.19 300)',
          800: 'oklch(0.36 0.16 300)',
          900: 'oklch(0.28 0.12 300)',
        },
      },
    },
  },
};
