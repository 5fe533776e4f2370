/** What each preview picture shows, from the same catalogue objects the pages render. */
import { formatCount } from '../../../lib/numbers.ts';
import { formatPrice } from '../../../lib/format.ts';
import type { Animal, Category } from '../../../lib/schemas.ts';
import { drawAnimal, drawCategory } from '../../../server/art/index.ts';
import { layoutStrings } from '../../layout/strings.ts';
import { animalDetailStrings } from '../../animal-detail/strings.ts';
import { seoStrings as t } from '../strings.ts';
import type { PreviewContent } from './render.server.ts';

/** The drawing behind a picture path (`/art/animals/<seed>.svg`): the generator draws it again from its seed. */
function artFor(img: string, fallbackSeed: string): string {
  const match = /^\/art\/(animals|categories)\/([a-z0-9-]+)\.svg$/.exec(img);
  if (match?.[1] === 'categories') return drawCategory(match[2]!);
  return drawAnimal(match?.[2] ?? fallbackSeed);
}

export function animalPreview(animal: Animal, category: Category | undefined): PreviewContent {
  const stock = animal.countInStock > 0 ? animalDetailStrings.inStock(animal.countInStock) : t.soldOut;
  return {
    art: artFor(animal.img, animal.slug),
    kicker: layoutStrings.shopName,
    title: animal.name,
    highlight: formatPrice(animal.price),
    note: category ? `${stock} · ${category.name}` : stock,
  };
}

export function categoryPreview(category: Category, animals: number): PreviewContent {
  return {
    art: artFor(category.img, category.slug),
    kicker: layoutStrings.shopName,
    title: category.name,
    note: t.inCategory(formatCount(animals)),
  };
}

export function shopPreview(): PreviewContent {
  return {
    art: drawAnimal('hanut-hatiflatzim'),
    kicker: t.shopKicker,
    title: layoutStrings.shopName,
    note: t.shopNote,
  };
}
