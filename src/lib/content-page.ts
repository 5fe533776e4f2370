/**
 * The shop's content pages (the about page, the accessibility statement) as the admin API, the editor
 * and the public pages share them: their shape and their limits (the rules a saved page meets are
 * ./content-rules.ts, on the server). Saving publishes; every save is a new version.
 */

export const CONTENT_PAGE_NAMES = ['about', 'accessibility'] as const;
export type ContentPageName = (typeof CONTENT_PAGE_NAMES)[number];

export const CONTENT_LIMITS = { heading: 120, body: 20_000, sections: 20, team: 24, name: 80, role: 80 } as const;

export interface ContentSection {
  id: string;
  heading: string;
  /** Markdown, rendered by ./safe-markdown.ts. */
  body: string;
  order: number;
}

export interface TeamMember {
  id: string;
  name: string;
  role: string;
  /** A picture under the shop's own paths (/pictures/…, /team/…); null: the initials show. */
  picture: string | null;
  order: number;
}

export interface ContentPage {
  page: ContentPageName;
  version: number;
  sections: ContentSection[];
  /** Only the about page has a team (empty for the others). */
  team: TeamMember[];
}

/** A saved version as the history lists it. */
export interface ContentVersionSummary {
  version: number;
  authorId: string;
  authorName: string | null;
  createdAt: string;
  /** The version this one restored, when it was a restore. */
  restoredFrom: number | null;
}

/** What a save sends: the whole page (sections, and the team for the about page); checked by ./content-rules.ts. */
export interface ContentInput {
  sections: ContentSection[];
  team: TeamMember[];
}

/** The page's parts in their order (what the public page and the preview show). */
export function inOrder<T extends { order: number }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => a.order - b.order);
}
