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
  let hx: number;
  let hy: number;
  let hr: number;
  if (random.chance(0.35)) {
    // a round, upright ball of a creature with one big eye
    const r = random.range(38, 48);
    const cy = -random.range(10, 16) - r;
    for (const legShare of [-0.4, 0.4])
      out.push(`<rect x="${rnd(legShare * r - 7)}" y="${rnd(cy)}" width="14" height="${rnd(-cy)}" rx="7"/>`);
    out.push(circle(0, cy, r));
    out.push(
      path(
        `M${pt([-r * 0.95, cy + r * 0.1])}q${rnd(-r * 0.3)},${rnd(-r * 0.1)} ${rnd(-r * 0.45)},${rnd(-r * 0.5)}M${pt([r * 0.95, cy + r * 0.1])}q${rnd(r * 0.3)},${rnd(r * 0.1)} ${rnd(r * 0.45)},${rnd(r * 0.45)}`,
        strokeAttrs(9),
      ),
    );
    hx = 0;
    hy = cy - r * 0.1;
    hr = r;
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
    hx = rx * 0.7;
    hy = cy - ry * 0.55;
    hr = ry * random.range(0.6, 0.75);
    out.push(circle(hx, hy, hr));
  }
  // head decorations sit on the top of the head, sized for a head of radius ≤ 26
  const headSize = Math.min(hr, 26);
  const top = hy - hr;
  if (deco === 'ears') {
    out.push(
      path(
        `M${pt([hx - headSize * 0.8, top + headSize * 0.55])}l-4,${rnd(-headSize * 1.1)}l${rnd(headSize * 0.8)},${rnd(headSize * 0.6)}ZM${pt([hx + headSize * 0.1, top + headSize * 0.2])}l6,${rnd(-headSize)}l${rnd(headSize * 0.6)},${rnd(headSize * 0.9)}Z`,
      ),
    );
  } else if (deco === 'horns') {
    const hl = headSize * 0.9;
    out.push(
      path(
        hornD(hx - headSize * 0.45, top + headSize * 0.22, 10, hl, -1) +
          hornD(hx + headSize * 0.4, top + headSize * 0.2, 10, hl, 1),
      ),
    );
  } else {
    out.push(path(`M${pt([hx - 4, top + 2])}q-4,-18 -12,-22M${pt([hx + 6, top + 2])}q6,-18 14,-20`, strokeAttrs(4)));
    out.push(path(circD(hx - 16, top - 20, 5) + circD(hx + 20, top - 18, 5)));
  }
  const er = glow ? 4 : Math.min(hr * 0.3, 12);
  const ex = hx + (hx === 0 ? 0 : hr * 0.35);
  out.push(circle(ex, hy - hr * 0.1, er, fill(eyeC)));
  if (!glow) out.push(circle(ex + er * 0.3, hy - hr * 0.1, er * 0.45, fill('#223')));
  return out.join('');
}
