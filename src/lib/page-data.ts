/**
 * What a data page renders: its data, or the error box's text (loaded on the server by
 * src/server/page-data.ts, or at build time by the static build).
 */
export type PageData<T> = { data: T } | { error: string };
