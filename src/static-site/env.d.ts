interface ImportMetaEnv {
  /** Set by astro.config.mjs' static twin (astro.static.config.mjs): PUBLIC_API_URL names an API to use. */
  readonly SHOP_STATIC_USES_API: boolean;
}
