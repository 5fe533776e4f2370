/**
 * An animal's or a category's version as HTTP speaks it (the admin API and its forms): a strong ETag
 * `"v<version>"`, sent back as If-Match on PATCH and DELETE.
 */
export const etagOf = (version: number) => `"v${version}"`;

/** The version an If-Match value names, or undefined when it names none (a weak or foreign tag, `*`). */
export function versionOfEtag(value: string | null | undefined): number | undefined {
  const match = /^\s*"v(\d{1,15})"\s*$/.exec(value ?? '');
  return match ? Number(match[1]) : undefined;
}
