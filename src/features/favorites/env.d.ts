interface ImportMetaEnv {
  /** Set by the build's config: the shop's own server answers /api/me (the Node build; not the static one). */
  readonly SHOP_HAS_ACCOUNT_API: boolean;
}
