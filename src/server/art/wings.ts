/** Fairy or bat wings, drawn first so the body covers their roots. */
import { bodyPoint } from './body.ts';
import type { Creature } from './creature.ts';
import { HALF_PI, ellipse, fill, hsl, path, pt } from './svg.ts';

export function drawWings(creature: Creature): string[] {
  const { wings } = creature.features;
  const out: string[] = [];
  if (!wings) return out;
  for (const side of [-1, 1]) {
    const root = bodyPoint(creature.body.outline, -HALF_PI + side * 0.95, 0.75);
    if (wings === 'fairy') {
      const wingFill = fill(hsl(creature.palette.accentHue, 85, 90)) + ` fill-opacity=".8"`;
      out.push(
        ellipse(
          0,
          0,
          46,
          24,
          `${wingFill} transform="translate(${pt([root[0] + side * 38, root[1] - 26])}) rotate(${-side * 28})"`,
        ),
      );
      out.push(
        ellipse(
          0,
          0,
          30,
          16,
          `${wingFill} transform="translate(${pt([root[0] + side * 30, root[1] + 10])}) rotate(${side * 22})"`,
        ),
      );
    } else {
      const [x, y] = root;
      out.push(
        path(
          `M${pt([x, y + 10])}L${pt([x + side * 62, y - 50])}Q${pt([x + side * 60, y - 18])} ${pt([x + side * 76, y - 2])}` +
            `Q${pt([x + side * 56, y - 6])} ${pt([x + side * 50, y + 12])}Q${pt([x + side * 38, y + 2])} ${pt([x + side * 24, y + 18])}Z`,
          fill(creature.palette.accent),
        ),
      );
    }
  }
  return out;
}
