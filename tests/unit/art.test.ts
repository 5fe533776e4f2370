/** The picture generator: deterministic, varied, self-contained, small SVG. */
import { describe, expect, it } from 'vitest';
import { ART_HEIGHT, ART_WIDTH, drawAnimal, drawCategory } from '../../src/server/art/index.ts';

const seeds = Array.from({ length: 50 }, (_, i) => `tiflatz-${i}`);
const categorySeeds = [
  'forest-friends',
  'sea-monsters',
  'night-beasts',
  'flying',
  'pocket-pets',
  'giants',
  'slimy',
  'fluffy',
];

const bytes = (svg: string): number => new TextEncoder().encode(svg).length;

/** Every tag is opened and closed in order (a cheap XML well-formedness check). */
function balanced(svg: string): boolean {
  const stack: string[] = [];
  for (const m of svg.matchAll(/<(\/?)([a-zA-Z][\w-]*)[^>]*?(\/?)>/g)) {
    const [, closing, name, selfClosing] = m;
    if (name === undefined) return false;
    if (closing) {
      if (stack.pop() !== name) return false;
    } else if (!selfClosing) {
      stack.push(name);
    }
  }
  return stack.length === 0;
}

function checkSvg(svg: string): void {
  expect(svg.startsWith('<svg')).toBe(true);
  expect(svg.endsWith('</svg>')).toBe(true);
  expect(balanced(svg)).toBe(true);
  expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
  expect(svg).toContain(`width="${ART_WIDTH}"`);
  expect(svg).toContain(`height="${ART_HEIGHT}"`);
  expect(svg).toContain(`viewBox="0 0 ${ART_WIDTH} ${ART_HEIGHT}"`);
  expect(svg).not.toMatch(/href/i);
  expect(svg).not.toMatch(/url\(\s*['"]?(https?:|\/\/|data:)/i);
  expect(svg).not.toMatch(/<(text|image|script|foreignObject|style)\b/i);
  expect(svg).not.toMatch(/NaN|undefined|Infinity/);
  expect(bytes(svg)).toBeLessThan(6000);
}

describe('art constants', () => {
  it('is a fixed 4:3 picture', () => {
    expect(ART_WIDTH).toBe(480);
    expect(ART_HEIGHT).toBe(360);
  });
});

describe('drawAnimal', () => {
  it('is deterministic', () => {
    for (const seed of seeds.slice(0, 10)) expect(drawAnimal(seed)).toBe(drawAnimal(seed));
    expect(drawAnimal('')).toBe(drawAnimal(''));
    expect(drawAnimal('תיפלץ-ורוד')).toBe(drawAnimal('תיפלץ-ורוד'));
  });

  it('draws a different animal for each of 50 seeds', () => {
    const all = new Set(seeds.map((seed) => drawAnimal(seed)));
    expect(all.size).toBe(seeds.length);
  });

  it('produces a small, self-contained, well-formed SVG', () => {
    for (const seed of [...seeds, '', 'תיפלץ-ורוד', '42']) checkSvg(drawAnimal(seed));
  });
});

describe('drawCategory', () => {
  it('is deterministic, with or without a hue', () => {
    for (const seed of categorySeeds) {
      expect(drawCategory(seed)).toBe(drawCategory(seed));
      expect(drawCategory(seed, 200)).toBe(drawCategory(seed, 200));
    }
  });

  it('differs between seeds and between hues', () => {
    expect(new Set(categorySeeds.map((seed) => drawCategory(seed))).size).toBe(categorySeeds.length);
    expect(drawCategory('giants', 10)).not.toBe(drawCategory('giants', 190));
  });

  it('produces a small, self-contained, well-formed SVG', () => {
    for (const seed of categorySeeds) {
      checkSvg(drawCategory(seed));
      checkSvg(drawCategory(seed, 333));
    }
  });

  it('does not look like an animal picture', () => {
    expect(drawCategory('forest-friends')).not.toBe(drawAnimal('forest-friends'));
  });
});
