/** The admin's pages, in the order its navigation shows them. */
export const ADMIN_PATH = '/admin';

export const ADMIN_SECTIONS = [
  { name: 'animals', href: ADMIN_PATH },
  { name: 'categories', href: `${ADMIN_PATH}/categories` },
  { name: 'spreadsheet', href: `${ADMIN_PATH}/spreadsheet` },
  { name: 'audit', href: `${ADMIN_PATH}/audit` },
  { name: 'searches', href: `${ADMIN_PATH}/searches` },
] as const;

export type AdminSection = (typeof ADMIN_SECTIONS)[number]['name'];

export const newAnimalPath = `${ADMIN_PATH}/animals/new`;
export const editAnimalPath = (id: string) => `${ADMIN_PATH}/animals/${encodeURIComponent(id)}`;
