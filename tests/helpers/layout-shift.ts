/** The layout shift of a page's load in Chromium, as CLS counts it (tests/e2e/first-paint.spec.ts, list-on-a-phone.spec.ts). */
import type { Page } from '@playwright/test';

/** Sums the layout shifts of the page's load (those without recent input), as CLS counts them. */
export async function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
            if (!entry.hadRecentInput) total += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        // Pictures decoded and fonts swapped by then; the observer has delivered the buffered entries.
        void document.fonts.ready.then(() => requestAnimationFrame(() => setTimeout(() => resolve(total), 300)));
      }),
  );
}
