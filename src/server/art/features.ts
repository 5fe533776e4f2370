/** Which parts an animal gets: head decoration, eyes, tail, wings, arms, coat pattern, mouth. */
import { topAngle, type Body } from './body.ts';
import type { Rng } from './random.ts';

type HeadDecoration = 'horns' | 'antennae' | 'earsRound' | 'earsPointy' | 'spikes' | 'tuft' | 'none';
type MouthKind = 'smile' | 'open' | 'fangs' | 'cat' | 'teeth' | 'oh' | 'blep';
type WingKind = 'fairy' | 'bat';
type CoatPattern = 'spots' | 'stripes' | 'dots' | 'none';

export interface Features {
  /** Centre of the face. */
  faceX: number;
  faceY: number;
  /** Angle of the body outline point above the face. */
  faceTopAngle: number;
  headDecoration: HeadDecoration;
  eyeCount: number;
  /** Eyes that sit on top of the head, like a frog's. */
  frogEyes: boolean;
  hasTail: boolean;
  wings: WingKind | null;
  arms: boolean;
  pattern: CoatPattern;
  hasBelly: boolean;
  mouth: MouthKind;
  cheeks: boolean;
}

export function chooseFeatures(random: Rng, body: Body): Features {
  const { outline, facing } = body;
  const faceX = outline.cx + facing * outline.rx * body.faceShift;
  const faceY = outline.cy - outline.ry * (body.kind === 'long' ? 0.25 : random.range(0.08, 0.24));
  let headDecoration = random.pick<HeadDecoration>([
    'horns',
    'antennae',
    'earsRound',
    'earsPointy',
    'spikes',
    'tuft',
    'none',
  ]);
  const eyeCount = random.pick([1, 2, 2, 2, 3]);
  const frogEyes = eyeCount < 3 && random.chance(0.25);
  if (frogEyes && headDecoration !== 'spikes') headDecoration = 'none';
  const hasTail = random.chance(0.6);
  const wings = random.chance(0.3) ? random.pick<WingKind>(['fairy', 'bat']) : null;
  const arms = !wings && body.locomotion !== 'six' && random.chance(0.45);
  const pattern = random.pick<CoatPattern>(['spots', 'stripes', 'dots', 'none']);
  const hasBelly = random.chance(0.75);
  const mouth = random.pick<MouthKind>(['smile', 'smile', 'open', 'fangs', 'cat', 'teeth', 'oh', 'blep']);
  const cheeks = random.chance(0.7);
  return {
    faceX,
    faceY,
    faceTopAngle: topAngle(outline, faceX),
    headDecoration,
    eyeCount,
    frogEyes,
    hasTail,
    wings,
    arms,
    pattern,
    hasBelly,
    mouth,
    cheeks,
  };
}
