/** Everything chosen about one animal before any part is drawn. */
import type { Body } from './body.ts';
import type { Features } from './features.ts';
import type { Palette } from './palette.ts';

export interface Creature {
  /** Prefix of the ids of the gradient and clip path, unique per seed. */
  id: string;
  palette: Palette;
  body: Body;
  features: Features;
}
