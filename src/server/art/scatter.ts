import type { Rng } from './random.ts';
import type { Point } from './svg.ts';

export function scatter(
  random: Rng,
  count: number,
  box: { x0: number; x1: number; y0: number; y1: number },
  avoid: { x: number; y: number; rx: number; ry: number },
): Point[] {
  const out: Point[] = [];
  for (let tries = 0; out.length < count && tries < count * 12; tries++) {
    const x = random.range(box.x0, box.x1);
    const y = random.range(box.y0, box.y1);
    const dx = (x - avoid.x) / avoid.rx;
    const dy = (y - avoid.y) / avoid.ry;
    if (dx * dx + dy * dy < 1) continue;
    if (out.some((p) => Math.hypot(p[0] - x, p[1] - y) < 34)) continue;
    out.push([x, y]);
  }
  return out;
}
