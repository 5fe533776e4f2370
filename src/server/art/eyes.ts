/** Eyes: one, two or three, plain or frog-like on top of the head, with pupils, highlights and sometimes sleepy lids. */
import { bodyPoint, topAngle } from './body.ts';
import type { Creature } from './creature.ts';
import type { Rng } from './random.ts';
import { circle, fill, path, pt, rnd, type Point } from './svg.ts';

export interface Eyes {
  centres: Point[];
  radius: number;
  /** Outlined shapes: frog-eye bumps and the eye whites. */
  outlined: string[];
  /** Unoutlined shapes: irises, pupils and highlights. */
  pupils: string[];
}

function placeEyes(random: Rng, creature: Creature, outlined: string[]): { centres: Point[]; radius: number } {
  const { eyeCount, frogEyes, faceX, faceY } = creature.features;
  const { outline } = creature.body;
  let radius = eyeCount === 1 ? random.range(25, 33) : eyeCount === 2 ? random.range(15, 22) : random.range(12, 16);
  const centres: Point[] = [];
  if (frogEyes) {
    radius = eyeCount === 1 ? random.range(22, 28) : random.range(16, 21);
    const xs = eyeCount === 1 ? [faceX] : [faceX - radius * 1.35, faceX + radius * 1.35];
    for (const x of xs) {
      const onTop = bodyPoint(outline, topAngle(outline, x), 0.98);
      centres.push([onTop[0], onTop[1] + 2]);
      outlined.push(circle(onTop[0], onTop[1] + 2, radius + 6, fill(creature.palette.body)));
    }
  } else if (eyeCount === 1) {
    centres.push([faceX, faceY - 4]);
  } else if (eyeCount === 2) {
    const spacing = radius * random.range(2.3, 2.9);
    centres.push([faceX - spacing / 2, faceY], [faceX + spacing / 2, faceY]);
  } else {
    const spacing = radius * random.range(2.3, 2.6);
    centres.push([faceX - spacing, faceY + 2], [faceX, faceY - radius * 0.8], [faceX + spacing, faceY + 2]);
  }
  return { centres, radius };
}

export function drawEyes(random: Rng, creature: Creature): Eyes {
  const outlined: string[] = [];
  const { centres, radius } = placeEyes(random, creature, outlined);
  for (const [x, y] of centres) outlined.push(circle(x, y, radius, fill('#fff')));
  const lookX = random.range(-0.28, 0.28) + creature.body.facing * 0.1;
  const lookY = random.range(-0.1, 0.25);
  const iris = random.chance(0.35);
  const pupilShare = iris ? 0.35 : random.range(0.45, 0.6);
  const pupils: string[] = [];
  for (const [x, y] of centres) {
    const px = x + lookX * radius;
    const py = y + lookY * radius;
    if (iris) pupils.push(circle(px, py, radius * 0.66, fill(creature.palette.accent)));
    pupils.push(circle(px, py, radius * pupilShare, fill(creature.palette.outline)));
    pupils.push(circle(px - radius * 0.22, py - radius * 0.24, Math.max(2, radius * 0.2), fill('#fff')));
    pupils.push(circle(px + radius * 0.18, py + radius * 0.18, Math.max(1, radius * 0.08), fill('#fff')));
  }
  return { centres, radius, outlined, pupils };
}

/** Half-closed lids over every eye, now and then. */
export function drawSleepyLids(random: Rng, creature: Creature, eyes: Eyes): string[] {
  const out: string[] = [];
  if (!random.chance(0.12)) return out;
  const radius = eyes.radius;
  for (const [x, y] of eyes.centres) {
    out.push(
      path(
        `M${pt([x - radius, y])}A${rnd(radius)},${rnd(radius)} 0 0 1 ${pt([x + radius, y])}Z`,
        fill(creature.palette.body),
      ),
    );
  }
  return out;
}
