/** The body itself, filled, with its coat pattern (spots, dots, stripes) and belly clipped to the outline. */
import type { Creature } from './creature.ts';
import type { Rng } from './random.ts';
import { TAU, circD, ellipse, fill, path, pt, rnd } from './svg.ts';

function drawPattern(random: Rng, creature: Creature): string | undefined {
  const { outline, facing } = creature.body;
  const { cx, cy, rx, ry } = outline;
  const { pattern, faceX, faceY } = creature.features;
  const { belly, dark, accent } = creature.palette;
  if (pattern === 'spots' || pattern === 'dots') {
    const many = pattern === 'dots';
    let d = '';
    const count = many ? random.int(10, 16) : random.int(4, 7);
    for (let i = 0, tries = 0; i < count && tries < 60; tries++) {
      const angle = random.range(0, TAU);
      const distance = Math.sqrt(random.next()) * 0.95;
      const x = cx + Math.cos(angle) * rx * distance;
      const y = cy + Math.sin(angle) * ry * distance;
      if (Math.hypot(x - faceX, y - faceY) < 46) continue;
      d += circD(x, y, many ? random.range(3, 6) : random.range(8, 17));
      i++;
    }
    return path(d, fill(many ? belly : random.chance(0.5) ? dark : accent));
  }
  if (pattern === 'stripes') {
    const tailSide = -facing;
    const count = random.int(3, 5);
    let d = '';
    for (let i = 0; i < count; i++) {
      const x = cx - tailSide * rx * 0.1 + tailSide * rx * (0.15 + (i * 0.8) / count);
      d += `M${pt([x, cy - ry - 4])}q${rnd(tailSide * 14)},${rnd(ry * 0.5)} 0,${rnd(ry * 0.95)}`;
    }
    return path(d, ` fill="none" stroke="${dark}" stroke-width="${rnd(random.range(9, 13))}"`);
  }
  return undefined;
}

export function drawCoat(random: Rng, creature: Creature): string[] {
  const { outline, facing, kind } = creature.body;
  const { cx, cy, rx, ry } = outline;
  const { body: bodyColour, belly } = creature.palette;
  const out = [path(creature.body.pathData, fill(bodyColour))];
  const inner: string[] = [];
  const pattern = drawPattern(random, creature);
  if (pattern !== undefined) inner.push(pattern);
  if (creature.features.hasBelly) {
    if (kind === 'long') inner.push(ellipse(cx, cy + ry * 0.62, rx * 0.78, ry * 0.45, fill(belly)));
    else inner.push(ellipse(cx + facing * rx * 0.08, cy + ry * 0.5, rx * 0.62, ry * 0.55, fill(belly)));
  }
  if (inner.length) out.push(`<g clip-path="url(#${creature.id}c)" stroke="none">${inner.join('')}</g>`);
  return out;
}
