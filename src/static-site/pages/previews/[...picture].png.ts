/**
 * The preview pictures the built pages name in og:image (src/features/seo/SeoHead.astro): the
 * shop's (every page but an animal's, page-seo.ts DEFAULT_IMAGE) and each animal's (animal-seo.ts),
 * drawn by the Node routes' functions (src/features/seo/preview/). The static category pages show
 * the shop's picture, so no category pictures are built. None without PUBLIC_SITE_URL: the pages
 * then have no og:image.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { animalPreviewPath, shopPreviewPath } from '../../../features/seo/paths.ts';
import { animalPreview, shopPreview } from '../../../features/seo/preview/content.server.ts';
import { previewSvg, rasterize, type PreviewContent } from '../../../features/seo/preview/render.server.ts';
import { getShop } from '../../../server/shop.ts';
import { fileParam, fileResponse, whenPublicOrigin } from '../../seo-files.server.ts';

type Props = { content: () => PreviewContent };

export const getStaticPaths = (() =>
  whenPublicOrigin(async () => {
    const { catalogue } = await getShop();
    const categories = new Map((await catalogue.listCategories()).map((category) => [category.slug, category]));
    const { animals } = await catalogue.searchAnimals({ search: '', sort: 'name' });
    const pictures: [string, Props['content']][] = [
      [shopPreviewPath, shopPreview],
      ...animals.map((animal): [string, Props['content']] => [
        animalPreviewPath(animal),
        () => animalPreview(animal, categories.get(animal.category)),
      ]),
    ];
    return pictures.map(([path, content]) => ({
      params: { picture: fileParam(path, '.png').slice('previews/'.length) },
      props: { content },
    }));
  })) satisfies GetStaticPaths;

export const GET: APIRoute<Props> = async ({ props }) =>
  fileResponse(new Uint8Array(await rasterize(previewSvg(props.content()))), 'image/png');
