/** The tail on the side away from the face: a thick curve, curled or ending in a ball, spade or puff. */
import { bodyPoint } from './body.ts';
import type { Creature } from './creature.ts';
import type { Rng } from './random.ts';
import { circD, circle, fill, path, pt, rnd, type Point } from './svg.ts';

function drawTailTip(random: Rng, tip: Point, accent: string): string[] {
  const kind = random.pick(['ball', 'spade', 'fluff'] as const);
  const [x, y] = tip;
  if (kind === 'ball') return [circle(x, y - 4, random.range(10, 14), fill(accent))];
  if (kind === 'spade') {
    return [path(`M${pt([x, y - 22])}L${pt([x + 14, y])}Q${pt([x, y - 6])} ${pt([x - 14, y])}Z`, fill(accent))];
  }
  // draw the puff twice: outlined, then unoutlined on top to hide the inner seams
  const puff = path(circD(x - 7, y, 9) + circD(x + 7, y - 2, 10) + circD(x, y - 12, 10), fill(accent));
  return [puff, puff.replace('/>', ' stroke="none"/>')];
}

export function drawTail(random: Rng, creature: Creature): string[] {
  if (!creature.features.hasTail) return [];
  const side = -creature.body.facing;
  const root = bodyPoint(creature.body.outline, side > 0 ? 0.2 : Math.PI - 0.2, 0.86);
  const length = random.range(48, 70);
  const end: Point = [root[0] + side * length * 0.85, root[1] - length * 0.75];
  const curl = random.chance(0.3);
  const d =
    `M${pt(root)}C${pt([root[0] + side * length * 0.6, root[1] + length * 0.3])} ${pt([root[0] + side * length * 1.05, root[1] - length * 0.1])} ${pt(end)}` +
    (curl ? `q${rnd(-side * 4)},-18 ${rnd(-side * 18)},-12q${rnd(side * 10)},8 ${rnd(side * 4)},14` : '');
  const out = [
    path(d, ` fill="none" stroke-width="20"`),
    path(d, ` fill="none" stroke="${creature.palette.body}" stroke-width="12"`),
  ];
  if (!curl) out.push(...drawTailTip(random, end, creature.palette.accent));
  return out;
}
