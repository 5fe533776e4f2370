/** The animal's body: its outline shape, where it stands, and points on its outline. */
import { ART_WIDTH } from './canvas.ts';
import type { Rng } from './random.ts';
import { HALF_PI, TAU, clamp, smoothClosed, type Point } from './svg.ts';

interface BodyOutline {
  cx: number;
  cy: number;
  rx: number;
  ry: number;
  /** > 0 widens the bottom (pear), < 0 widens the top. */
  pear: number;
  /** Amplitude and phase of the second and third harmonic wobble of the outline. */
  a2: number;
  p2: number;
  a3: number;
  p3: number;
}

type BodyKind = 'round' | 'ellipse' | 'pear' | 'long' | 'blob' | 'egg';
type Locomotion = 'two' | 'four' | 'six' | 'tentacles';

/** The body and its pose: everything the other parts are placed against. */
export interface Body {
  kind: BodyKind;
  outline: BodyOutline;
  /** The outline as closed path data. */
  pathData: string;
  locomotion: Locomotion;
  groundY: number;
  /** 1 when the animal looks right, -1 when it looks left. */
  facing: 1 | -1;
  /** How far toward the facing side the face sits, as a share of rx. */
  faceShift: number;
}

/** A point on the body outline at angle t (0 = right, π/2 = bottom); k scales toward the centre. */
export function bodyPoint(outline: BodyOutline, t: number, k = 1): Point {
  const sin = Math.sin(t);
  const wobble = 1 + outline.a2 * Math.cos(2 * t + outline.p2) + outline.a3 * Math.cos(3 * t + outline.p3);
  return [
    outline.cx + outline.rx * Math.cos(t) * (1 + outline.pear * sin) * wobble * k,
    outline.cy + outline.ry * sin * wobble * k,
  ];
}

/** Outward unit normal of the (undistorted) ellipse at angle t. */
export function bodyNormal(outline: BodyOutline, t: number): Point {
  const nx = Math.cos(t) / outline.rx;
  const ny = Math.sin(t) / outline.ry;
  const length = Math.hypot(nx, ny);
  return [nx / length, ny / length];
}

/** Angle of the top outline point above x. */
export function topAngle(outline: BodyOutline, x: number): number {
  return -HALF_PI + Math.asin(clamp((x - outline.cx) / outline.rx, -0.95, 0.95));
}

/** Radii, pear shape and wobble of the body before scaling. */
function bodyProportions(random: Rng, kind: BodyKind): { rx: number; ry: number; pear: number; wobble: number } {
  let rx = 0;
  let ry = 0;
  let pear = 0;
  let wobble = random.range(0, 0.03);
  switch (kind) {
    case 'round':
      rx = random.range(74, 86);
      ry = rx * random.range(0.92, 1);
      break;
    case 'ellipse':
      rx = random.range(94, 110);
      ry = random.range(64, 76);
      break;
    case 'pear':
      rx = random.range(78, 92);
      ry = random.range(78, 88);
      pear = random.range(0.18, 0.3);
      break;
    case 'long':
      rx = random.range(118, 132);
      ry = random.range(54, 62);
      break;
    case 'blob':
      rx = random.range(84, 98);
      ry = random.range(70, 80);
      wobble = random.range(0.05, 0.08);
      break;
    case 'egg':
      rx = random.range(66, 74);
      ry = random.range(86, 94);
      pear = random.range(0.08, 0.15);
      break;
  }
  return { rx, ry, pear, wobble };
}

function legLength(random: Rng, locomotion: Locomotion): number {
  switch (locomotion) {
    case 'two':
      return random.range(22, 40);
    case 'four':
      return random.range(16, 30);
    case 'six':
      return random.range(26, 40);
    case 'tentacles':
      return random.range(30, 44);
  }
}

export function shapeBody(random: Rng): Body {
  const kind = random.pick<BodyKind>(['round', 'ellipse', 'pear', 'long', 'blob', 'egg']);
  const proportions = bodyProportions(random, kind);
  const scale = random.range(1.04, 1.12);
  const rx = proportions.rx * scale;
  const ry = proportions.ry * scale;

  const locomotion = random.pick<Locomotion>(['two', 'two', 'four', 'four', 'six', 'tentacles']);
  const legLen = legLength(random, locomotion);
  const groundY = random.range(312, 320);
  const facing = random.chance(0.5) ? 1 : -1;
  const faceShift = kind === 'long' ? random.range(0.4, 0.5) : random.range(0, 0.16);
  const cx = ART_WIDTH / 2 + facing * random.range(0, 18);
  const cy = groundY - legLen - ry * 0.9;
  const outline: BodyOutline = {
    cx,
    cy,
    rx,
    ry,
    pear: proportions.pear,
    a2: proportions.wobble * random.range(0.3, 1),
    p2: random.range(0, TAU),
    a3: proportions.wobble * random.range(0.3, 1),
    p3: random.range(0, TAU),
  };
  const outlinePoints: Point[] = [];
  for (let i = 0; i < 12; i++) outlinePoints.push(bodyPoint(outline, -HALF_PI + (i * TAU) / 12));
  return {
    kind,
    outline,
    pathData: smoothClosed(outlinePoints),
    locomotion,
    groundY,
    facing,
    faceShift,
  };
}
