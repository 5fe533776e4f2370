/**
 * The preview pictures the built pages name in og:image (src/features/seo/SeoHead.astro): the
 * shop's (page-seo.ts DEFAULT_IMAGE), each category's and each animal's, drawn by the Node routes'
 * functions (src/features/seo/preview/). None without PUBLIC_SITE_URL: the pages then have no og:image.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { animalPreviewPath, categoryPreviewPath, SHOP_PREVIEW_PATH } from '../../lib/paths.ts';
import { animalPreview, categoryPreview, shopPreview } from '../../features/seo/preview/content.server.ts';
import { previewSvg, rasterize, type PreviewContent } from '../../features/seo/preview/render.server.ts';
import { animalPages, builtCatalogue } from '../catalogue.server.ts';
import { fileParam, fileResponse, whenPublicOrigin } from '../seo-files.server.ts';

type Props = { content: () => PreviewContent };

export const getStaticPaths = (() =>
  whenPublicOrigin(async () => {
    const { categories, animals } = await builtCatalogue();
    const pictures: [string, Props['content']][] = [
      [SHOP_PREVIEW_PATH, shopPreview],
      ...categories.map((category): [string, Props['content']] => [
        categoryPreviewPath(category.slug),
        () => categoryPreview(category, animals.filter((animal) => animal.category === category.slug).length),
      ]),
      ...(await animalPages()).map(({ animal, category }): [string, Props['content']] => [
        animalPreviewPath(animal._id),
        () => animalPreview(animal, category),
      ]),
    ];
    return pictures.map(([path, content]) => ({
      params: { picture: fileParam(path, '.png').slice('previews/'.length) },
      props: { content },
    }));
  })) satisfies GetStaticPaths;

export const GET: APIRoute<Props> = async ({ props }) =>
  fileResponse(new Uint8Array(await rasterize(previewSvg(props.content()))), 'image/png');
