/** The colours of one animal, all derived from one random hue. */
import type { Rng } from './random.ts';
import { hsl } from './svg.ts';

export interface Palette {
  body: string;
  /** Shadowed body colour: outer legs, stripes. */
  dark: string;
  belly: string;
  accentHue: number;
  accent: string;
  outline: string;
  backgroundHue: number;
  pink: string;
}

export function choosePalette(random: Rng): Palette {
  const hue = random.int(0, 359);
  const saturation = random.int(55, 82);
  const lightness = random.int(60, 72);
  const accentHue = hue + random.pick([150, 180, 210, 50, -50, 120]);
  return {
    body: hsl(hue, saturation, lightness),
    dark: hsl(hue - 6, saturation, lightness - 15),
    belly: hsl(hue + 12, saturation, 88),
    accentHue,
    accent: hsl(accentHue, 78, 62),
    outline: hsl(hue, 42, 22),
    backgroundHue: hue + random.pick([35, -35, 70, -70, 180]),
    pink: hsl(350, 90, 74),
  };
}
