/**
 * How an animal's rating looks on screen: its five stars, right to left (the page's inline start), each
 * filled (mostly amber) or not, read from a screenshot of the rating rather than from its markup.
 */
import type { Locator } from '@playwright/test';
import sharp from 'sharp';

const isAmber = (r: number, g: number, b: number) => r > 200 && g > 120 && g < 200 && b < 80;

/** Each star from the right: true where it is drawn filled. */
export async function starsDrawn(stars: Locator): Promise<boolean[]> {
  const { data, info } = await sharp(await stars.screenshot())
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const slot = info.width / 5;
  const amber = [0, 0, 0, 0, 0];
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      const at = (y * info.width + x) * 3;
      if (isAmber(data[at]!, data[at + 1]!, data[at + 2]!)) amber[4 - Math.min(4, Math.floor(x / slot))]!++;
    }
  }
  // A filled star covers about a quarter of its slot in solid amber; an outline holds none.
  return amber.map((count) => count > slot * info.height * 0.1);
}
