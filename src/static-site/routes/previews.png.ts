/**
 * The preview pictures the built pages name in og:image (src/features/seo/SeoHead.astro): the
 * shop's (page-seo.ts DEFAULT_IMAGE), each category's and each animal's, drawn by the Node routes'
 * functions (src/features/seo/preview/). None without PUBLIC_SITE_URL: the pages then have no og:image.
 * Drawn before the pages, several at a time, and reused between builds (../previews.server.ts).
 */
import { readFile } from 'node:fs/promises';
import type { APIRoute, GetStaticPaths } from 'astro';
import { animalPreviewPath, categoryPreviewPath, SHOP_PREVIEW_PATH } from '../../lib/paths.ts';
import { animalPreview, categoryPreview, shopPreview } from '../../features/seo/preview/content.server.ts';
import { previewSvg, rasterize, type PreviewContent } from '../../features/seo/preview/render.server.ts';
import { animalPages, builtCatalogue } from '../catalogue.server.ts';
import { storePreviews } from '../previews.server.ts';
import { fileParam, fileResponse, whenPublicOrigin } from '../seo-files.server.ts';

type Props = { file: string; content: () => PreviewContent };

export const getStaticPaths = (() =>
  whenPublicOrigin(async () => {
    const { categories, animals } = await builtCatalogue();
    const pictures: [string, () => PreviewContent][] = [
      [SHOP_PREVIEW_PATH, shopPreview],
      ...categories.map((category): [string, () => PreviewContent] => [
        categoryPreviewPath(category.slug),
        () => categoryPreview(category, animals.filter((animal) => animal.category === category.slug).length),
      ]),
      ...(await animalPages()).map(({ animal, category }): [string, () => PreviewContent] => [
        animalPreviewPath(animal._id),
        () => animalPreview(animal, category),
      ]),
    ];
    const started = performance.now();
    const stored = await storePreviews(pictures.length, (index) => previewSvg(pictures[index]![1]()));
    console.info(
      `previews: ${stored.drawn} drawn, ${stored.reused} reused (${((performance.now() - started) / 1000).toFixed(1)} s)`,
    );
    return pictures.map(([path, content], index) => ({
      params: { picture: fileParam(path, '.png').slice('previews/'.length) },
      props: { file: stored.files[index]!, content },
    }));
  })) satisfies GetStaticPaths;

export const GET: APIRoute<Props> = async ({ props }) =>
  fileResponse(
    new Uint8Array(
      // Removed from the store by a build beside this one: drawn again.
      await readFile(props.file).catch(() => rasterize(previewSvg(props.content()))),
    ),
    'image/png',
  );
