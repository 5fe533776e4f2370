/**
 * Link preview pictures: PNG (social sites do not show SVG previews), made of the shop's
 * own art (src/server/art/index.ts, the same drawing the pages show) and the name and price in
 * Hebrew, right to left, as glyph paths in the shop's font (./text.server.ts), rasterized by sharp
 * (libvips + librsvg; no browser). See docs/decisions/0008-seo.md.
 * A palette PNG (up to 256 colours, libimagequant inside sharp): every link-preview reader takes PNG,
 * and flat art with text keeps its edges in a palette where JPEG rings around the letters and ends up
 * larger. No dithering: at this size the art's gentle gradients show no bands without it, the picture
 * is as close to the drawing and smaller, and dithering is much of the encoding's cost in a static
 * build that draws one picture per animal.
 * Laid out on a 1200×630 canvas and drawn at the preview's size (PREVIEW_WIDTH × PREVIEW_HEIGHT).
 */
import sharp from 'sharp';
import type { Font } from 'fontkitten';
import { PREVIEW_HEIGHT, PREVIEW_WIDTH } from '../../../lib/paths.ts';
import { loadShopFonts, textLineSvg } from './text.server.ts';

export interface PreviewContent {
  /** The picture (a 480×360 SVG document from the art generator). */
  art: string;
  /** The shop's name, over the title. */
  kicker: string;
  title: string;
  /** The price, or a count. */
  highlight?: string;
  note?: string;
}

/** The canvas the layout below is measured on. */
const CANVAS = { width: 1200, height: 630 };
const INK = '#1e1b2e';
const BRAND = '#6b21a8';
const MUTED = '#475569';
const ART = { x: 56, y: 75, width: 640, height: 480 };
const TEXT_RIGHT = CANVAS.width - 60;
const TEXT_WIDTH = TEXT_RIGHT - (ART.x + ART.width + 40);

/** The art's root element, placed and sized inside the preview. */
function placeArt(art: string): string {
  const root = /^<svg\b[^>]*>/.exec(art);
  if (!root) throw new Error('preview: the art is not an SVG document');
  const viewBox = /viewBox="([^"]+)"/.exec(root[0])?.[1] ?? '0 0 480 360';
  const placed = `<svg xmlns="http://www.w3.org/2000/svg" x="${ART.x}" y="${ART.y}" width="${ART.width}" height="${ART.height}" viewBox="${viewBox}">`;
  return placed + art.slice(root[0].length);
}

export function previewSvg(content: PreviewContent, fonts: readonly Font[] = loadShopFonts()): string {
  const lines = [
    textLineSvg(
      { text: content.kicker, size: 34, right: TEXT_RIGHT, baseline: 140, maxWidth: TEXT_WIDTH, fill: BRAND },
      fonts,
    ),
    textLineSvg(
      {
        text: content.title,
        size: 68,
        minSize: 40,
        right: TEXT_RIGHT,
        baseline: 260,
        maxWidth: TEXT_WIDTH,
        fill: INK,
        weight: 1.5,
      },
      fonts,
    ),
    content.highlight
      ? textLineSvg(
          {
            text: content.highlight,
            size: 64,
            right: TEXT_RIGHT,
            baseline: 370,
            maxWidth: TEXT_WIDTH,
            fill: BRAND,
            weight: 1.5,
          },
          fonts,
        )
      : '',
    content.note
      ? textLineSvg(
          {
            text: content.note,
            size: 32,
            minSize: 24,
            right: TEXT_RIGHT,
            baseline: 450,
            maxWidth: TEXT_WIDTH,
            fill: MUTED,
          },
          fonts,
        )
      : '',
  ];
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${PREVIEW_WIDTH}" height="${PREVIEW_HEIGHT}" viewBox="0 0 ${CANVAS.width} ${CANVAS.height}">`,
    `<rect width="${CANVAS.width}" height="${CANVAS.height}" fill="#faf5ff"/>`,
    `<rect x="${ART.x - 8}" y="${ART.y - 8}" width="${ART.width + 16}" height="${ART.height + 16}" rx="28" fill="#ffffff" stroke="#e9d5ff" stroke-width="2"/>`,
    placeArt(content.art),
    ...lines,
    `<rect y="${CANVAS.height - 18}" width="${CANVAS.width}" height="18" fill="${BRAND}"/>`,
    '</svg>',
  ].join('');
}

/** The preview as PNG bytes. */
export async function renderPreview(content: PreviewContent, fonts?: readonly Font[]): Promise<Buffer> {
  return rasterize(previewSvg(content, fonts));
}

/** How a preview is encoded: part of what a stored picture is keyed by (../../../static-site/previews.server.ts). */
export const PREVIEW_ENCODING = { palette: true, quality: 80, dither: 0, effort: 1 } as const;

export function rasterize(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png(PREVIEW_ENCODING).toBuffer();
}
