interface ImportMetaEnv {
  /** Set by the build's config: the header's suggestions come from the browser index (a static host without an API). */
  readonly SHOP_SUGGEST_FROM_INDEX: boolean;
  /** Set by astro.config.mjs: whether the build ships Clerk's pinned bundles under /clerk/. */
  readonly SHOP_CLERK_SELF_HOSTED: boolean;
  /** Set by the build's config: the pages carry a Content-Security-Policy (the Node build; not the static one). */
  readonly SHOP_HAS_CSP: boolean;
  /**
   * Set by the static build's config: whether it has a usable publishable key, so that a shopper may be
   * signed in on its pages (the Node build leaves it unset: its keys are read at run time).
   */
  readonly SHOP_STATIC_SIGN_IN?: boolean;
  /** Set by astro.config.mjs: the installed @clerk/astro's version. */
  readonly SHOP_CLERK_ASTRO_VERSION: string;
}
