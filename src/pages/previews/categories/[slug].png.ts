import type { APIRoute } from 'astro';
import { categoryPreview } from '../../../features/seo/preview/content.server.ts';
import { previewResponse } from '../../../features/seo/preview/respond.server.ts';
import { notFoundText } from '../../../features/seo/responses.server.ts';
import { getShop } from '../../../server/shop.ts';

/** One category's link preview (PNG): its picture, name and number of animals. */
export const GET: APIRoute = async ({ request, params }) => {
  const { catalogue } = await getShop();
  const detail = await catalogue.findCategoryDetail(params.slug ?? '', { limit: 1 });
  if (!detail) return notFoundText();
  return previewResponse(request, categoryPreview(detail.category, detail.total));
};
