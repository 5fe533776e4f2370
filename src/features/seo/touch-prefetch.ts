/** On touch screens (no hover to prefetch on), the first cards of a list are prefetched once they are on screen (InstantNavigation.astro). */
import { prefetch } from 'astro:prefetch';

/** How many of a list's first cards a touch screen prefetches when they come into view. */
const FIRST_CARDS = 4;
if (matchMedia('(hover: none)').matches && 'IntersectionObserver' in window) {
  const links = [
    ...document.querySelectorAll<HTMLAnchorElement>('main li a[href^="/products/"], main li a[href^="/categories/"]'),
  ];
  const first = links.slice(0, FIRST_CARDS);
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      observer.unobserve(entry.target);
      prefetch((entry.target as HTMLAnchorElement).href);
    }
  });
  for (const link of first) observer.observe(link);
}
