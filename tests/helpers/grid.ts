import { expect, type Locator, type Page } from '@playwright/test';

/** The grid widths of the spec: 1 column on phones, 2 on medium and 3 on large screens. */
export const GRID_COLUMNS = [
  [375, 1],
  [800, 2],
  [1280, 3],
] as const;

/**
 * At each width of GRID_COLUMNS, opens the page and checks the number of columns of its first
 * four cards, that the first card is the rightmost (right to left) and that nothing scrolls sideways.
 * Answers the cards' boxes per width for checks of the caller's own.
 */
export async function expectGridColumns(
  page: Page,
  open: () => Promise<unknown>,
  cards: Locator,
  check?: (boxes: { x: number; height: number }[], columns: number) => void,
): Promise<void> {
  for (const [width, columns] of GRID_COLUMNS) {
    await page.setViewportSize({ width, height: 900 });
    await open();
    const boxes = await Promise.all([0, 1, 2, 3].map(async (index) => (await cards.nth(index).boundingBox())!));
    expect(new Set(boxes.map((box) => Math.round(box.x))).size, `${width}px`).toBe(columns);
    if (columns > 1) expect(boxes[0]!.x, `${width}px: right to left`).toBeGreaterThan(boxes[1]!.x);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    check?.(boxes, columns);
  }
}
