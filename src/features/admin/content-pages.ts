/** The shop's content pages an editor changes, each with its public address. */
export const CONTENT_PAGES = [
  { name: 'about', publicPath: '/about' },
  { name: 'accessibility', publicPath: '/accessibility' },
] as const;
