/** The admin's pages, in the order its navigation shows them, each in the area that decides who reaches it. */
import type { Area } from '../../lib/roles.ts';

export const ADMIN_PATH = '/admin';

export const ANIMALS_PATH = `${ADMIN_PATH}/animals`;
export const TRASH_PATH = `${ADMIN_PATH}/trash`;

export const ADMIN_SECTIONS = [
  { name: 'overview', href: ADMIN_PATH, area: 'catalogue' },
  { name: 'animals', href: ANIMALS_PATH, area: 'catalogue' },
  { name: 'categories', href: `${ADMIN_PATH}/categories`, area: 'catalogue' },
  { name: 'spreadsheet', href: `${ADMIN_PATH}/spreadsheet`, area: 'catalogue' },
  { name: 'audit', href: `${ADMIN_PATH}/audit`, area: 'catalogue' },
  { name: 'searches', href: `${ADMIN_PATH}/searches`, area: 'catalogue' },
  { name: 'trash', href: TRASH_PATH, area: 'catalogue' },
  { name: 'pages', href: `${ADMIN_PATH}/pages`, area: 'content' },
] as const satisfies readonly { name: string; href: string; area: Area }[];

export type AdminSection = (typeof ADMIN_SECTIONS)[number]['name'];

export const areaOf = (section: AdminSection): Area => ADMIN_SECTIONS.find(({ name }) => name === section)!.area;

export const newAnimalPath = `${ADMIN_PATH}/animals/new`;
export const editAnimalPath = (id: string) => `${ADMIN_PATH}/animals/${encodeURIComponent(id)}`;

/** Where the animals table keeps its list's query (the form's way back returns to it). */
export const LIST_KEY = 'admin-animals-list';
