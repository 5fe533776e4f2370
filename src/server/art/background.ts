/** The animal's backdrop: sky gradient, an optional sun, stars/bubbles/clouds/confetti, ground and shadow. */
import { ART_HEIGHT, ART_WIDTH } from './canvas.ts';
import type { Creature } from './creature.ts';
import type { Rng } from './random.ts';
import { scatter } from './scatter.ts';
import { circD, circle, ellipse, fill, hsl, path, sparkD, vGradient, type Point } from './svg.ts';

type BackgroundStyle = 'stars' | 'bubbles' | 'clouds' | 'confetti';

function drawSkyDecorations(random: Rng, style: BackgroundStyle, spots: Point[], accentHue: number): string {
  if (style === 'stars') {
    return path(spots.map((p) => sparkD(p[0], p[1], random.range(5, 11))).join(''), fill('#fff'));
  }
  if (style === 'bubbles') {
    return path(
      spots.map((p) => circD(p[0], p[1], random.range(6, 16))).join(''),
      ` fill="#fff" fill-opacity=".35" stroke="#fff" stroke-width="2"`,
    );
  }
  if (style === 'clouds') {
    const clouds = spots.slice(0, 3).map((p) => {
      const size = random.range(0.7, 1.1);
      return (
        circD(p[0], p[1], 16 * size) +
        circD(p[0] + 18 * size, p[1] - 8 * size, 20 * size) +
        circD(p[0] + 38 * size, p[1], 15 * size)
      );
    });
    return path(clouds.join(''), ` fill="#fff" fill-opacity=".8"`);
  }
  return path(spots.map((p) => circD(p[0], p[1], random.range(3, 6))).join(''), fill(hsl(accentHue, 80, 78)));
}

/** The <defs> (sky gradient, body clip path) and the backdrop drawn behind the animal. */
export function drawBackground(random: Rng, creature: Creature): { defs: string; backdrop: string } {
  const { id, palette, body } = creature;
  const { cx, cy, rx, ry } = body.outline;
  const { groundY, facing } = body;
  const skyHue = palette.backgroundHue;
  const parts: string[] = [];
  const defs =
    `<defs>${vGradient(`${id}g`, hsl(skyHue, 70, 94), hsl(skyHue, 60, 82))}` +
    `<clipPath id="${id}c"><path d="${body.pathData}"/></clipPath></defs>`;
  parts.push(`<rect width="${ART_WIDTH}" height="${ART_HEIGHT}" fill="url(#${id}g)"/>`);

  const style = random.pick<BackgroundStyle>(['stars', 'bubbles', 'clouds', 'confetti']);
  const avoid = { x: cx, y: cy - 25, rx: rx + 60, ry: ry + 95 };
  const spots = scatter(random, random.int(5, 8), { x0: 18, x1: ART_WIDTH - 18, y0: 18, y1: groundY - 50 }, avoid);
  if (random.chance(0.35)) {
    const sunX = facing > 0 ? random.range(60, 90) : random.range(ART_WIDTH - 90, ART_WIDTH - 60);
    parts.push(circle(sunX, random.range(50, 70), random.range(22, 30), fill(hsl(skyHue + 30, 90, 97))));
  }
  parts.push(drawSkyDecorations(random, style, spots, palette.accentHue));
  // ground
  parts.push(ellipse(ART_WIDTH / 2, groundY + 52, 330, 78, fill(hsl(skyHue + 40, 42, 76))));
  parts.push(ellipse(cx, groundY, rx * 0.95, 9, ` fill="${palette.outline}" fill-opacity=".18"`));
  return { defs, backdrop: parts.join('') };
}
