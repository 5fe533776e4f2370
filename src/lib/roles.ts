/**
 * The one table that says which role reaches which area of the admin (docs/decisions/0013-owners-catalogue.md). A role
 * is `metadata.role` in the Clerk session token; a role not named here reaches nothing. Every admin
 * page and admin API route names its area; src/server/api/admin/access.ts checks the table.
 */

/** The catalogue (animals, categories, spreadsheet, audit, searches) and the shop's content pages. */
export type Area = 'catalogue' | 'content';

export const ROLE_AREAS = {
  admin: ['catalogue', 'content'],
  editor: ['content'],
} as const satisfies Record<string, readonly Area[]>;

export type Role = keyof typeof ROLE_AREAS;

export const isRole = (value: unknown): value is Role => typeof value === 'string' && Object.hasOwn(ROLE_AREAS, value);

export const roleReaches = (role: Role, area: Area): boolean => (ROLE_AREAS[role] as readonly Area[]).includes(area);
