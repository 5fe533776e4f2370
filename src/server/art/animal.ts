/** One imaginary animal per seed: chooses its colours, body and features, then draws the parts back to front. */
import { drawBackground } from './background.ts';
import { shapeBody } from './body.ts';
import { drawCoat } from './coat.ts';
import type { Creature } from './creature.ts';
import { drawEyes, drawSleepyLids } from './eyes.ts';
import { chooseFeatures } from './features.ts';
import { drawHeadDecoration } from './head.ts';
import { drawArms, drawLegs } from './limbs.ts';
import { drawCheeks, drawMouth, placeMouth } from './mouth.ts';
import { choosePalette } from './palette.ts';
import { hash32, makeRng } from './random.ts';
import { svgOpen } from './svg.ts';
import { drawTail } from './tail.ts';
import { drawWings } from './wings.ts';

export function drawAnimal(seed: string): string {
  // The order of the steps below is the order the random numbers are drawn in: changing it changes every picture.
  const random = makeRng(`animal:${seed}`);
  const id = `a${hash32(seed).toString(36)}`;
  const palette = choosePalette(random);
  const body = shapeBody(random);
  const features = chooseFeatures(random, body);
  const creature: Creature = { id, palette, body, features };
  const { defs, backdrop } = drawBackground(random, creature);

  // everything of the creature shares one outline style
  const outlined: string[] = [
    ...drawWings(creature),
    ...drawTail(random, creature),
    ...drawHeadDecoration(random, creature),
    ...drawArms(random, creature),
    ...drawLegs(random, creature),
    ...drawCoat(random, creature),
  ];
  const eyes = drawEyes(random, creature);
  outlined.push(...eyes.outlined);
  const mouth = placeMouth(random, creature, eyes);
  const unoutlined = [...eyes.pupils, ...drawCheeks(creature, mouth, eyes)];
  outlined.push(`<g stroke="none">${unoutlined.join('')}</g>`);
  outlined.push(...drawSleepyLids(random, creature, eyes));
  outlined.push(...drawMouth(creature, mouth));

  return (
    svgOpen() +
    defs +
    backdrop +
    `<g stroke="${palette.outline}" stroke-width="4" stroke-linejoin="round" stroke-linecap="round">${outlined.join('')}</g></svg>`
  );
}
