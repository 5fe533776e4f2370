/** The paths of the shop's pages and their preview pictures: the one place they are written for SEO. */
import type { Animal, Category } from '../../lib/schemas.ts';

export const animalPath = (animal: Pick<Animal, '_id'>): string => `/products/${encodeURIComponent(animal._id)}`;
export const categoryPath = (category: Pick<Category, 'slug'>): string =>
  `/categories/${encodeURIComponent(category.slug)}`;

/** Preview pictures (1200×630 PNG, src/pages/previews/). */
export const PREVIEW_WIDTH = 1200;
export const PREVIEW_HEIGHT = 630;
export const shopPreviewPath = '/previews/shop.png';
export const animalPreviewPath = (animal: Pick<Animal, '_id'>): string =>
  `/previews/animals/${encodeURIComponent(animal._id)}.png`;
export const categoryPreviewPath = (category: Pick<Category, 'slug'>): string =>
  `/previews/categories/${encodeURIComponent(category.slug)}.png`;
