/** The mouth (smile, open, fangs, teeth, cat, oh, blep) below the eyes, and the pink cheeks beside it. */
import type { Creature } from './creature.ts';
import type { Eyes } from './eyes.ts';
import { at, type Rng } from './random.ts';
import { d1, ellipse, fill, hsl, path, pt, rnd } from './svg.ts';

interface MouthPlace {
  x: number;
  y: number;
  /** Half the width of the smile. */
  width: number;
}

export function placeMouth(random: Rng, creature: Creature, eyes: Eyes): MouthPlace {
  const { faceX, faceY, frogEyes, eyeCount } = creature.features;
  const eyesBottom = Math.max(...eyes.centres.map((p) => p[1])) + eyes.radius;
  const x = faceX + creature.body.facing * random.range(0, 6);
  const y = Math.max(eyesBottom + random.range(9, 16), faceY + (frogEyes ? 4 : 10));
  const width = random.range(11, 19) * (eyeCount === 1 ? 1.15 : 1);
  return { x, y, width };
}

export function drawCheeks(creature: Creature, mouth: MouthPlace, eyes: Eyes): string[] {
  const { eyeCount, frogEyes, faceX, cheeks } = creature.features;
  if (!cheeks) return [];
  const { x, y, width } = mouth;
  const offset = Math.max(width + 16, eyeCount === 2 && !frogEyes ? Math.abs(at(eyes.centres, 0)[0] - faceX) + 4 : 0);
  const cheekFill = fill(creature.palette.pink) + ` fill-opacity=".7"`;
  return [ellipse(x - offset, y - 3, 11, 7, cheekFill), ellipse(x + offset, y - 3, 11, 7, cheekFill)];
}

export function drawMouth(creature: Creature, mouth: MouthPlace): string[] {
  const { x, y, width } = mouth;
  const kind = creature.features.mouth;
  const pink = creature.palette.pink;
  const smile = `M${pt([x - width, y])}Q${pt([x, y + width * 0.85])} ${pt([x + width, y])}`;
  const mouthColour = hsl(350, 55, 38);
  switch (kind) {
    case 'smile':
      return [path(smile, ` fill="none"`)];
    case 'open':
      return [
        path(`M${pt([x - width, y])}Q${pt([x, y + width * 1.7])} ${pt([x + width, y])}Z`, fill(mouthColour)),
        ellipse(x + width * 0.15, y + width * 0.52, width * 0.42, width * 0.22, `${fill(pink)} stroke="none"`),
      ];
    case 'fangs': {
      const fangScale = width / 14;
      let d = '';
      for (const side of [-1, 1]) {
        const fangX = x + side * width * 0.45;
        const fangY = y + width * 0.32;
        d += `M${pt([fangX - 4 * fangScale, fangY - 2])}l${d1(4 * fangScale)},${d1(10 * fangScale)}l${d1(4 * fangScale)},${d1(-10 * fangScale)}Z`;
      }
      return [path(d, ` fill="#fff" stroke-width="2"`), path(smile, ` fill="none"`)];
    }
    case 'teeth':
      return [
        `<rect x="${rnd(x - 6)}" y="${rnd(y + width * 0.4 - 2)}" width="12" height="9" rx="2" fill="#fff" stroke-width="2"/>`,
        path(smile, ` fill="none"`),
      ];
    case 'cat': {
      const step = width * 0.55;
      const arch = `q${d1(step / 2)},${d1(step)} ${d1(step)},0`;
      return [path(`M${pt([x - 2 * step, y])}${arch}${arch}${arch}${arch}`, ` fill="none"`)];
    }
    case 'oh':
      return [ellipse(x, y + 6, width * 0.38, width * 0.5, fill(mouthColour))];
    case 'blep':
      return [
        path(`M${pt([x + 1, y + width * 0.35])}q0,14 8,14q8,0 8,-14`, `${fill(pink)} stroke-width="3"`),
        path(smile, ` fill="none"`),
      ];
  }
}
