import type { APIRoute } from 'astro';
import { animalPreview } from '../../../features/seo/preview/content.server.ts';
import { previewResponse } from '../../../features/seo/preview/respond.server.ts';
import { notFoundText } from '../../../features/seo/responses.server.ts';
import { getShop } from '../../../server/shop.ts';

/** One animal's link preview (PNG): its picture, name, price and stock. */
export const GET: APIRoute = async ({ request, params }) => {
  const { catalogue } = await getShop();
  const animal = await catalogue.findAnimal(params.id ?? '');
  if (!animal) return notFoundText();
  return previewResponse(request, animalPreview(animal, await catalogue.findCategory(animal.category)));
};
