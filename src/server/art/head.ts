/** Decorations on top of the head (horns, antennae, ears, spikes, a tuft), drawn behind the body so their bases are hidden. */
import { bodyNormal, bodyPoint } from './body.ts';
import type { Creature } from './creature.ts';
import type { Rng } from './random.ts';
import { circle, fill, hornD, hsl, path, pt, type Point } from './svg.ts';

export function drawHeadDecoration(random: Rng, creature: Creature): string[] {
  const { outline, facing } = creature.body;
  const { accent, body: bodyColour, pink } = creature.palette;
  const topAngle = creature.features.faceTopAngle;
  const out: string[] = [];
  const spread = (0.5 * 90) / outline.rx;
  switch (creature.features.headDecoration) {
    case 'horns': {
      const hornColour = random.chance(0.5) ? hsl(45, 70, 88) : accent;
      const hornLength = random.range(30, 46);
      const width = random.range(18, 24);
      for (const side of [-1, 1]) {
        const [baseX, baseY] = bodyPoint(outline, topAngle + side * spread * random.range(0.9, 1.1), 0.88);
        out.push(path(hornD(baseX, baseY, width, hornLength, side), fill(hornColour)));
      }
      break;
    }
    case 'antennae': {
      const length = random.range(40, 60);
      const bobbleRadius = random.range(7, 10);
      for (const side of [-1, 1]) {
        const [baseX, baseY] = bodyPoint(outline, topAngle + side * spread * 0.7, 0.9);
        const tip: Point = [baseX + side * random.range(10, 26), baseY - length];
        out.push(
          path(`M${pt([baseX, baseY])}Q${pt([baseX - side * 6, baseY - length * 0.7])} ${pt(tip)}`, ` fill="none"`),
        );
        out.push(circle(tip[0], tip[1], bobbleRadius, fill(accent)));
      }
      break;
    }
    case 'earsRound': {
      const radius = random.range(20, 27);
      for (const side of [-1, 1]) {
        const [baseX, baseY] = bodyPoint(outline, topAngle + side * spread * 1.35, 0.92);
        out.push(circle(baseX, baseY - radius * 0.3, radius, fill(bodyColour)));
        out.push(circle(baseX, baseY - radius * 0.3, radius * 0.55, `${fill(pink)} stroke="none"`));
      }
      break;
    }
    case 'earsPointy': {
      const height = random.range(34, 48);
      const width = random.range(28, 36);
      for (const side of [-1, 1]) {
        const [baseX, baseY] = bodyPoint(outline, topAngle + side * spread * 1.25, 0.9);
        const tip: Point = [baseX + side * height * 0.35, baseY - height];
        out.push(
          path(
            `M${pt([baseX - width / 2, baseY + 6])}L${pt(tip)}L${pt([baseX + width / 2, baseY + 6])}Z`,
            fill(bodyColour),
          ),
        );
        out.push(
          path(
            `M${pt([baseX - width / 4, baseY])}L${pt([tip[0] - side * 2, tip[1] + 12])}L${pt([baseX + width / 4, baseY])}Z`,
            `${fill(pink)} stroke="none"`,
          ),
        );
      }
      break;
    }
    case 'spikes': {
      const count = random.int(4, 6);
      const size = random.range(16, 24);
      let d = '';
      for (let i = 0; i < count; i++) {
        const angle = topAngle - facing * 0.55 + (i - (count - 1) / 2) * 0.38;
        const base = bodyPoint(outline, angle, 0.97);
        const normal = bodyNormal(outline, angle);
        const tangent: Point = [-normal[1], normal[0]];
        d += `M${pt([base[0] + tangent[0] * size * 0.55, base[1] + tangent[1] * size * 0.55])}L${pt([base[0] + normal[0] * size, base[1] + normal[1] * size])}L${pt([base[0] - tangent[0] * size * 0.55, base[1] - tangent[1] * size * 0.55])}Z`;
      }
      out.push(path(d, fill(accent)));
      break;
    }
    case 'tuft': {
      const base = bodyPoint(outline, topAngle, 0.9);
      let d = '';
      for (const angle of [-0.55, 0, 0.55]) {
        const length = angle === 0 ? 36 : 28;
        const tip: Point = [base[0] + Math.sin(angle) * length, base[1] - Math.cos(angle) * length];
        const middle: Point = [(base[0] + tip[0]) / 2, (base[1] + tip[1]) / 2];
        const bulgeX = Math.cos(angle) * 9;
        const bulgeY = Math.sin(angle) * 9;
        d += `M${pt(base)}Q${pt([middle[0] + bulgeX, middle[1] + bulgeY])} ${pt(tip)}Q${pt([middle[0] - bulgeX, middle[1] - bulgeY])} ${pt(base)}Z`;
      }
      out.push(path(d, fill(accent)));
      break;
    }
    case 'none':
      break;
  }
  return out;
}
