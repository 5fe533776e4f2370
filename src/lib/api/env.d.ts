interface ImportMetaEnv {
  /** Base address of the API for the browser, fixed at build time (validated in src/server/config.ts). */
  readonly PUBLIC_API_URL?: string;
}
