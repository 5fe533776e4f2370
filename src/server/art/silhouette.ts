/** The dark creature shape standing in each category scene. */
import type { Rng } from './random.ts';
import { circD, circle, ellipse, fill, hornD, path, pt, rnd } from './svg.ts';

/**
 * A creature silhouette standing with its feet at (0, 0), facing right,
 * as children for a <g> that supplies the fill colour (and `color` for strokes).
 */
export function silhouette(random: Rng, eyeC: string, glow: boolean): string {
  const out: string[] = [];
  const deco = random.pick(['ears', 'horns', 'antennae'] as const);
  const strokeAttrs = (w: number): string =>
    ` fill="none" stroke="currentColor" stroke-width="${w}" stroke-linecap="round"`;
  let headX: number;
  let headY: number;
  let headRadius: number;
  if (random.chance(0.35)) {
    // a round, upright ball of a creature with one big eye
    const radius = random.range(38, 48);
    const cy = -random.range(10, 16) - radius;
    for (const legShare of [-0.4, 0.4])
      out.push(`<rect x="${rnd(legShare * radius - 7)}" y="${rnd(cy)}" width="14" height="${rnd(-cy)}" rx="7"/>`);
    out.push(circle(0, cy, radius));
    out.push(
      path(
        `M${pt([-radius * 0.95, cy + radius * 0.1])}q${rnd(-radius * 0.3)},${rnd(-radius * 0.1)} ${rnd(-radius * 0.45)},${rnd(-radius * 0.5)}M${pt([radius * 0.95, cy + radius * 0.1])}q${rnd(radius * 0.3)},${rnd(radius * 0.1)} ${rnd(radius * 0.45)},${rnd(radius * 0.45)}`,
        strokeAttrs(9),
      ),
    );
    headX = 0;
    headY = cy - radius * 0.1;
    headRadius = radius;
  } else {
    // a four-legged beast with a head on the right and a tail on the left
    const rx = random.range(42, 58);
    const ry = random.range(30, 40);
    const leg = random.range(10, 20);
    const cy = -leg - ry * 0.85;
    out.push(ellipse(0, cy, rx, ry));
    const xs = random.chance(0.5) ? [-0.4, 0.35] : [-0.6, -0.3, 0.25, 0.55];
    for (const legShare of xs)
      out.push(
        `<rect x="${rnd(legShare * rx - 6)}" y="${rnd(cy + ry * 0.3)}" width="12" height="${rnd(-cy - ry * 0.3)}" rx="6"/>`,
      );
    if (random.chance(0.4)) {
      let d = '';
      for (let i = 0; i < 4; i++) {
        const x = -rx * 0.55 + i * rx * 0.3;
        const y = cy - ry * Math.sqrt(Math.max(0, 1 - (x / rx) ** 2)) + 4;
        d += `M${pt([x - 8, y])}l8,-16l8,16Z`;
      }
      out.push(path(d));
    }
    out.push(
      path(
        `M${pt([-rx * 0.9, cy])}q${rnd(-rx * 0.5)},${rnd(-ry * 0.2)} ${rnd(-rx * 0.5)},${rnd(-ry * 1.1)}`,
        strokeAttrs(9),
      ),
    );
    headX = rx * 0.7;
    headY = cy - ry * 0.55;
    headRadius = ry * random.range(0.6, 0.75);
    out.push(circle(headX, headY, headRadius));
  }
  // head decorations sit on the top of the head, sized for a head of radius ≤ 26
  const headSize = Math.min(headRadius, 26);
  const top = headY - headRadius;
  if (deco === 'ears') {
    out.push(
      path(
        `M${pt([headX - headSize * 0.8, top + headSize * 0.55])}l-4,${rnd(-headSize * 1.1)}l${rnd(headSize * 0.8)},${rnd(headSize * 0.6)}ZM${pt([headX + headSize * 0.1, top + headSize * 0.2])}l6,${rnd(-headSize)}l${rnd(headSize * 0.6)},${rnd(headSize * 0.9)}Z`,
      ),
    );
  } else if (deco === 'horns') {
    const hornLength = headSize * 0.9;
    out.push(
      path(
        hornD(headX - headSize * 0.45, top + headSize * 0.22, 10, hornLength, -1) +
          hornD(headX + headSize * 0.4, top + headSize * 0.2, 10, hornLength, 1),
      ),
    );
  } else {
    out.push(
      path(`M${pt([headX - 4, top + 2])}q-4,-18 -12,-22M${pt([headX + 6, top + 2])}q6,-18 14,-20`, strokeAttrs(4)),
    );
    out.push(path(circD(headX - 16, top - 20, 5) + circD(headX + 20, top - 18, 5)));
  }
  const eyeRadius = glow ? 4 : Math.min(headRadius * 0.3, 12);
  const eyeX = headX + (headX === 0 ? 0 : headRadius * 0.35);
  out.push(circle(eyeX, headY - headRadius * 0.1, eyeRadius, fill(eyeC)));
  if (!glow) out.push(circle(eyeX + eyeRadius * 0.3, headY - headRadius * 0.1, eyeRadius * 0.45, fill('#223')));
  return out.join('');
}
