/** The seed catalogue as the browser tests see it: ids are stable (derived from slugs). */
import type { Page } from '@playwright/test';
import { seedCatalogue, type SeedAnimal, type SeedCategory } from '../../src/server/db/seed/seed-catalogue.ts';
import { stableId } from '../../src/server/db/ids.ts';

interface TestAnimal extends SeedAnimal {
  id: string;
  category: SeedCategory;
}

export const seedCategories: readonly SeedCategory[] = seedCatalogue;

export const seedAnimals: readonly TestAnimal[] = seedCatalogue.flatMap((category) =>
  category.animals.map((animal) => ({ ...animal, id: stableId('animal', animal.slug), category })),
);

export function seedAnimal(slug: string): TestAnimal {
  const animal = seedAnimals.find((candidate) => candidate.slug === slug);
  if (!animal) throw new Error(`no seed animal ${slug}`);
  return animal;
}

export function seedCategory(slug: string): SeedCategory {
  const category = seedCatalogue.find((candidate) => candidate.slug === slug);
  if (!category) throw new Error(`no seed category ${slug}`);
  return category;
}

/** Resolves once every island of the page has hydrated (Astro removes `ssr` from each). */
export async function islandsHydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0);
}
