/** Arms (flippers) and legs: two or four legs with feet, six insect legs, or tentacles. */
import { bodyPoint } from './body.ts';
import type { Creature } from './creature.ts';
import type { Rng } from './random.ts';
import { ellipse, fill, path, pt, rnd, type Point } from './svg.ts';

/** Arms or flippers at the sides, behind the body; one may wave. */
export function drawArms(random: Rng, creature: Creature): string[] {
  if (!creature.features.arms) return [];
  const { outline, facing } = creature.body;
  const out: string[] = [];
  const wave = random.chance(0.4);
  for (const side of [-1, 1]) {
    const up = wave && side === facing;
    const angle = side > 0 ? (up ? -0.45 : 0.3) : Math.PI - (up ? -0.45 : 0.3);
    const [x, y] = bodyPoint(outline, angle, 0.98);
    const rotation = up ? -side * 40 : side * 35;
    out.push(
      ellipse(
        0,
        0,
        22,
        11,
        `${fill(creature.palette.body)} transform="translate(${pt([x + side * 6, y])}) rotate(${rotation})"`,
      ),
    );
  }
  return out;
}

/** Two or four straight legs with feet (outer legs of four in the darker colour). */
function drawStraightLegs(random: Rng, creature: Creature): string[] {
  const { outline, groundY, facing, locomotion } = creature.body;
  const { cx, cy, rx, ry } = outline;
  const { body: bodyColour, dark } = creature.palette;
  const out: string[] = [];
  const legWidth = random.range(20, 28);
  const top = cy + ry * 0.3;
  const legs: [number, string][] = [];
  if (locomotion === 'four') {
    const outer = random.range(0.55, 0.68);
    legs.push([cx - rx * outer, dark], [cx + rx * outer, dark]);
    const inner = random.range(0.2, 0.3);
    legs.push([cx - rx * inner, bodyColour], [cx + rx * inner, bodyColour]);
  } else {
    const offset = random.range(0.28, 0.42);
    legs.push([cx - rx * offset, bodyColour], [cx + rx * offset, bodyColour]);
  }
  const toes = random.chance(0.5);
  for (const [x, colour] of legs) {
    out.push(
      `<rect x="${rnd(x - legWidth / 2)}" y="${rnd(top)}" width="${rnd(legWidth)}" height="${rnd(groundY - 6 - top)}" rx="${rnd(legWidth / 2)}"${fill(colour)}/>`,
    );
    const footX = x + facing * 4;
    out.push(ellipse(footX, groundY - 6, legWidth * 0.72, 8, fill(colour)));
    if (toes) {
      out.push(path(`M${pt([footX - 4, groundY])}v-5M${pt([footX + 4, groundY])}v-5`, ` stroke-width="2.5"`));
    }
  }
  return out;
}

/** Three bent insect legs on each side. */
function drawInsectLegs(random: Rng, creature: Creature): string[] {
  const { outline, groundY } = creature.body;
  const { cx, cy, rx, ry } = outline;
  let d = '';
  for (const side of [-1, 1]) {
    for (let i = 0; i < 3; i++) {
      const hipX = cx + side * rx * (0.18 + i * 0.22);
      const hipY = cy + ry * 0.55;
      const knee: Point = [hipX + side * random.range(16, 24), hipY + (groundY - hipY) * 0.4];
      const foot: Point = [knee[0] + side * 6, groundY - 3];
      d += `M${pt([hipX, hipY])}L${pt(knee)}L${pt(foot)}`;
    }
  }
  return [
    path(d, ` fill="none" stroke-width="13"`),
    path(d, ` fill="none" stroke="${creature.palette.dark}" stroke-width="6"`),
  ];
}

/** Four to six wavy tentacles curling outward at the ground. */
function drawTentacles(random: Rng, creature: Creature): string[] {
  const { outline, groundY } = creature.body;
  const { cx, cy, rx, ry } = outline;
  const count = random.int(4, 6);
  let d = '';
  for (let i = 0; i < count; i++) {
    const x = cx - rx * 0.55 + (i * rx * 1.1) / (count - 1);
    const startY = cy + ry * 0.5;
    const length = groundY - 8 - startY;
    const sway = random.range(6, 12) * (i % 2 ? 1 : -1);
    const curlDirection = x < cx ? -1 : 1;
    d += `M${pt([x, startY])}C${pt([x + sway, startY + length * 0.35])} ${pt([x - sway, startY + length * 0.7])} ${pt([x + curlDirection * 6, groundY - 8])}q${rnd(curlDirection * 6)},6 ${rnd(curlDirection * 13)},-2`;
  }
  return [
    path(d, ` fill="none" stroke-width="19"`),
    path(d, ` fill="none" stroke="${creature.palette.body}" stroke-width="11"`),
  ];
}

export function drawLegs(random: Rng, creature: Creature): string[] {
  switch (creature.body.locomotion) {
    case 'two':
    case 'four':
      return drawStraightLegs(random, creature);
    case 'six':
      return drawInsectLegs(random, creature);
    case 'tentacles':
      return drawTentacles(random, creature);
  }
}
