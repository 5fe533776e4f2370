/**
 * Deterministic SVG art for the shop: one imaginary animal per seed, plus
 * category scenes. Pure string building — no dependencies, no Node or DOM
 * APIs — so it runs on the server, in scripts and in the browser alike.
 *
 * Same seed → byte-identical SVG. Numbers are rounded (integers, occasionally
 * one decimal) to keep each picture small (typically 2.5–4 KB).
 */
import { ART_HEIGHT, ART_WIDTH } from './canvas.ts';
import { at, hash32, makeRng } from './random.ts';
import { scatter } from './scatter.ts';
import {
  HALF_PI,
  TAU,
  circD,
  circle,
  clamp,
  d1,
  ellipse,
  fill,
  hornD,
  hsl,
  path,
  pt,
  rnd,
  smoothClosed,
  sparkD,
  svgOpen,
  vGradient,
  type Point as P,
} from './svg.ts';

export { ART_HEIGHT, ART_WIDTH };

// Animals
// ---------------------------------------------------------------------------

interface Body {
  cx: number;
  cy: number;
  rx: number;
  ry: number;
  /** > 0 widens the bottom (pear), < 0 widens the top. */
  pear: number;
  a2: number;
  p2: number;
  a3: number;
  p3: number;
}

/** A point on the body outline at angle t (0 = right, π/2 = bottom); k scales toward the centre. */
function bodyPt(b: Body, t: number, k = 1): P {
  const s = Math.sin(t);
  const w = 1 + b.a2 * Math.cos(2 * t + b.p2) + b.a3 * Math.cos(3 * t + b.p3);
  return [b.cx + b.rx * Math.cos(t) * (1 + b.pear * s) * w * k, b.cy + b.ry * s * w * k];
}

/** Outward unit normal of the (undistorted) ellipse at angle t. */
function bodyNormal(b: Body, t: number): P {
  const nx = Math.cos(t) / b.rx;
  const ny = Math.sin(t) / b.ry;
  const len = Math.hypot(nx, ny);
  return [nx / len, ny / len];
}

/** Angle of the top outline point above x. */
function topAngle(b: Body, x: number): number {
  return -HALF_PI + Math.asin(clamp((x - b.cx) / b.rx, -0.95, 0.95));
}

type BodyKind = 'round' | 'ellipse' | 'pear' | 'long' | 'blob' | 'egg';
type Loco = 'two' | 'four' | 'six' | 'tentacles';
type HeadDeco = 'horns' | 'antennae' | 'earsRound' | 'earsPointy' | 'spikes' | 'tuft' | 'none';
type Mouth = 'smile' | 'open' | 'fangs' | 'cat' | 'teeth' | 'oh' | 'blep';

export function drawAnimal(seed: string): string {
  const R = makeRng(`animal:${seed}`);
  const id = `a${hash32(seed).toString(36)}`;

  // --- palette -------------------------------------------------------------
  const h = R.int(0, 359);
  const sat = R.int(55, 82);
  const lig = R.int(60, 72);
  const bodyC = hsl(h, sat, lig);
  const darkC = hsl(h - 6, sat, lig - 15);
  const bellyC = hsl(h + 12, sat, 88);
  const ah = h + R.pick([150, 180, 210, 50, -50, 120]);
  const accentC = hsl(ah, 78, 62);
  const outC = hsl(h, 42, 22);
  const bgh = h + R.pick([35, -35, 70, -70, 180]);
  const pinkC = hsl(350, 90, 74);

  // --- body ------------------------------------------------------------------
  const kind = R.pick<BodyKind>(['round', 'ellipse', 'pear', 'long', 'blob', 'egg']);
  let rx = 0;
  let ry = 0;
  let pear = 0;
  let wob = R.range(0, 0.03);
  switch (kind) {
    case 'round':
      rx = R.range(74, 86);
      ry = rx * R.range(0.92, 1);
      break;
    case 'ellipse':
      rx = R.range(94, 110);
      ry = R.range(64, 76);
      break;
    case 'pear':
      rx = R.range(78, 92);
      ry = R.range(78, 88);
      pear = R.range(0.18, 0.3);
      break;
    case 'long':
      rx = R.range(118, 132);
      ry = R.range(54, 62);
      break;
    case 'blob':
      rx = R.range(84, 98);
      ry = R.range(70, 80);
      wob = R.range(0.05, 0.08);
      break;
    case 'egg':
      rx = R.range(66, 74);
      ry = R.range(86, 94);
      pear = R.range(0.08, 0.15);
      break;
  }

  const S = R.range(1.04, 1.12); // overall size
  rx *= S;
  ry *= S;

  const loco = R.pick<Loco>(['two', 'two', 'four', 'four', 'six', 'tentacles']);
  const legLen =
    loco === 'two'
      ? R.range(22, 40)
      : loco === 'four'
        ? R.range(16, 30)
        : loco === 'six'
          ? R.range(26, 40)
          : R.range(30, 44);
  const groundY = R.range(312, 320);
  const facing = R.chance(0.5) ? 1 : -1;
  const faceShift = kind === 'long' ? R.range(0.4, 0.5) : R.range(0, 0.16);
  const cx = ART_WIDTH / 2 + facing * R.range(0, 18);
  const cy = groundY - legLen - ry * 0.9;
  const b: Body = {
    cx,
    cy,
    rx,
    ry,
    pear,
    a2: wob * R.range(0.3, 1),
    p2: R.range(0, TAU),
    a3: wob * R.range(0.3, 1),
    p3: R.range(0, TAU),
  };
  const bodyPts: P[] = [];
  for (let i = 0; i < 12; i++) bodyPts.push(bodyPt(b, -HALF_PI + (i * TAU) / 12));
  const bodyD = smoothClosed(bodyPts);

  const fx = cx + facing * rx * faceShift;
  const fy = cy - ry * (kind === 'long' ? 0.25 : R.range(0.08, 0.24));
  const tc = topAngle(b, fx);
  const tailSide = -facing;

  // --- features --------------------------------------------------------------
  let deco = R.pick<HeadDeco>(['horns', 'antennae', 'earsRound', 'earsPointy', 'spikes', 'tuft', 'none']);
  const eyeCount = R.pick([1, 2, 2, 2, 3]);
  const frogEyes = eyeCount < 3 && R.chance(0.25);
  if (frogEyes && deco !== 'spikes') deco = 'none';
  const hasTail = R.chance(0.6);
  const wings = R.chance(0.3) ? R.pick(['fairy', 'bat'] as const) : null;
  const arms = !wings && loco !== 'six' && R.chance(0.45);
  const pattern = R.pick(['spots', 'stripes', 'dots', 'none'] as const);
  const hasBelly = R.chance(0.75);
  const mouth = R.pick<Mouth>(['smile', 'smile', 'open', 'fangs', 'cat', 'teeth', 'oh', 'blep']);
  const cheeks = R.chance(0.7);

  // --- background ------------------------------------------------------------
  const parts: string[] = [];
  const defs =
    `<defs>${vGradient(`${id}g`, hsl(bgh, 70, 94), hsl(bgh, 60, 82))}` +
    `<clipPath id="${id}c"><path d="${bodyD}"/></clipPath></defs>`;
  parts.push(`<rect width="${ART_WIDTH}" height="${ART_HEIGHT}" fill="url(#${id}g)"/>`);

  const bgStyle = R.pick(['stars', 'bubbles', 'clouds', 'confetti'] as const);
  const avoid = { x: cx, y: cy - 25, rx: rx + 60, ry: ry + 95 };
  const spots = scatter(R, R.int(5, 8), { x0: 18, x1: 462, y0: 18, y1: groundY - 50 }, avoid);
  if (R.chance(0.35)) {
    const sx = facing > 0 ? R.range(60, 90) : R.range(390, 420);
    parts.push(circle(sx, R.range(50, 70), R.range(22, 30), fill(hsl(bgh + 30, 90, 97))));
  }
  if (bgStyle === 'stars') {
    parts.push(path(spots.map((p) => sparkD(p[0], p[1], R.range(5, 11))).join(''), fill('#fff')));
  } else if (bgStyle === 'bubbles') {
    parts.push(
      path(
        spots.map((p) => circD(p[0], p[1], R.range(6, 16))).join(''),
        ` fill="#fff" fill-opacity=".35" stroke="#fff" stroke-width="2"`,
      ),
    );
  } else if (bgStyle === 'clouds') {
    const cl = spots.slice(0, 3).map((p) => {
      const s = R.range(0.7, 1.1);
      return (
        circD(p[0], p[1], 16 * s) + circD(p[0] + 18 * s, p[1] - 8 * s, 20 * s) + circD(p[0] + 38 * s, p[1], 15 * s)
      );
    });
    parts.push(path(cl.join(''), ` fill="#fff" fill-opacity=".8"`));
  } else {
    parts.push(path(spots.map((p) => circD(p[0], p[1], R.range(3, 6))).join(''), fill(hsl(ah, 80, 78))));
  }
  // ground
  parts.push(ellipse(ART_WIDTH / 2, groundY + 52, 330, 78, fill(hsl(bgh + 40, 42, 76))));
  parts.push(ellipse(cx, groundY, rx * 0.95, 9, ` fill="${outC}" fill-opacity=".18"`));

  // --- creature (everything shares one outline style) -------------------------
  const c: string[] = [];

  // wings (behind everything)
  if (wings) {
    for (const side of [-1, 1]) {
      const w = bodyPt(b, -HALF_PI + side * 0.95, 0.75);
      if (wings === 'fairy') {
        const wc = fill(hsl(ah, 85, 90)) + ` fill-opacity=".8"`;
        c.push(
          ellipse(
            0,
            0,
            46,
            24,
            `${wc} transform="translate(${pt([w[0] + side * 38, w[1] - 26])}) rotate(${-side * 28})"`,
          ),
        );
        c.push(
          ellipse(
            0,
            0,
            30,
            16,
            `${wc} transform="translate(${pt([w[0] + side * 30, w[1] + 10])}) rotate(${side * 22})"`,
          ),
        );
      } else {
        const s = side;
        const [x, y] = w;
        c.push(
          path(
            `M${pt([x, y + 10])}L${pt([x + s * 62, y - 50])}Q${pt([x + s * 60, y - 18])} ${pt([x + s * 76, y - 2])}` +
              `Q${pt([x + s * 56, y - 6])} ${pt([x + s * 50, y + 12])}Q${pt([x + s * 38, y + 2])} ${pt([x + s * 24, y + 18])}Z`,
            fill(accentC),
          ),
        );
      }
    }
  }

  // tail
  if (hasTail) {
    const s = tailSide;
    const A = bodyPt(b, s > 0 ? 0.2 : Math.PI - 0.2, 0.86);
    const L = R.range(48, 70);
    const E: P = [A[0] + s * L * 0.85, A[1] - L * 0.75];
    const curl = R.chance(0.3);
    const d =
      `M${pt(A)}C${pt([A[0] + s * L * 0.6, A[1] + L * 0.3])} ${pt([A[0] + s * L * 1.05, A[1] - L * 0.1])} ${pt(E)}` +
      (curl ? `q${rnd(-s * 4)},-18 ${rnd(-s * 18)},-12q${rnd(s * 10)},8 ${rnd(s * 4)},14` : '');
    c.push(path(d, ` fill="none" stroke-width="20"`));
    c.push(path(d, ` fill="none" stroke="${bodyC}" stroke-width="12"`));
    if (!curl) {
      const tip = R.pick(['ball', 'spade', 'fluff'] as const);
      const [x, y] = E;
      if (tip === 'ball') c.push(circle(x, y - 4, R.range(10, 14), fill(accentC)));
      else if (tip === 'spade')
        c.push(path(`M${pt([x, y - 22])}L${pt([x + 14, y])}Q${pt([x, y - 6])} ${pt([x - 14, y])}Z`, fill(accentC)));
      else {
        // draw the puff twice: outlined, then unoutlined on top to hide the inner seams
        const puff = path(circD(x - 7, y, 9) + circD(x + 7, y - 2, 10) + circD(x, y - 12, 10), fill(accentC));
        c.push(puff, puff.replace('/>', ' stroke="none"/>'));
      }
    }
  }

  // head decorations (drawn behind the body so their bases are hidden)
  const spread = (0.5 * 90) / rx;
  if (deco === 'horns') {
    const hc = R.chance(0.5) ? hsl(45, 70, 88) : accentC;
    const hl = R.range(30, 46);
    const w = R.range(18, 24);
    for (const side of [-1, 1]) {
      const [bx, by] = bodyPt(b, tc + side * spread * R.range(0.9, 1.1), 0.88);
      c.push(path(hornD(bx, by, w, hl, side), fill(hc)));
    }
  } else if (deco === 'antennae') {
    const len = R.range(40, 60);
    const bob = R.range(7, 10);
    for (const side of [-1, 1]) {
      const [bx, by] = bodyPt(b, tc + side * spread * 0.7, 0.9);
      const tip: P = [bx + side * R.range(10, 26), by - len];
      c.push(path(`M${pt([bx, by])}Q${pt([bx - side * 6, by - len * 0.7])} ${pt(tip)}`, ` fill="none"`));
      c.push(circle(tip[0], tip[1], bob, fill(accentC)));
    }
  } else if (deco === 'earsRound') {
    const r = R.range(20, 27);
    for (const side of [-1, 1]) {
      const [bx, by] = bodyPt(b, tc + side * spread * 1.35, 0.92);
      c.push(circle(bx, by - r * 0.3, r, fill(bodyC)));
      c.push(circle(bx, by - r * 0.3, r * 0.55, `${fill(pinkC)} stroke="none"`));
    }
  } else if (deco === 'earsPointy') {
    const eh = R.range(34, 48);
    const w = R.range(28, 36);
    for (const side of [-1, 1]) {
      const [bx, by] = bodyPt(b, tc + side * spread * 1.25, 0.9);
      const tip: P = [bx + side * eh * 0.35, by - eh];
      c.push(path(`M${pt([bx - w / 2, by + 6])}L${pt(tip)}L${pt([bx + w / 2, by + 6])}Z`, fill(bodyC)));
      c.push(
        path(
          `M${pt([bx - w / 4, by])}L${pt([tip[0] - side * 2, tip[1] + 12])}L${pt([bx + w / 4, by])}Z`,
          `${fill(pinkC)} stroke="none"`,
        ),
      );
    }
  } else if (deco === 'spikes') {
    const n = R.int(4, 6);
    const sz = R.range(16, 24);
    let d = '';
    for (let i = 0; i < n; i++) {
      const t = tc - facing * 0.55 + (i - (n - 1) / 2) * 0.38;
      const B = bodyPt(b, t, 0.97);
      const N = bodyNormal(b, t);
      const T: P = [-N[1], N[0]];
      d += `M${pt([B[0] + T[0] * sz * 0.55, B[1] + T[1] * sz * 0.55])}L${pt([B[0] + N[0] * sz, B[1] + N[1] * sz])}L${pt([B[0] - T[0] * sz * 0.55, B[1] - T[1] * sz * 0.55])}Z`;
    }
    c.push(path(d, fill(accentC)));
  } else if (deco === 'tuft') {
    const B = bodyPt(b, tc, 0.9);
    let d = '';
    for (const a of [-0.55, 0, 0.55]) {
      const L = a === 0 ? 36 : 28;
      const T: P = [B[0] + Math.sin(a) * L, B[1] - Math.cos(a) * L];
      const M: P = [(B[0] + T[0]) / 2, (B[1] + T[1]) / 2];
      const px = Math.cos(a) * 9;
      const py = Math.sin(a) * 9;
      d += `M${pt(B)}Q${pt([M[0] + px, M[1] + py])} ${pt(T)}Q${pt([M[0] - px, M[1] - py])} ${pt(B)}Z`;
    }
    c.push(path(d, fill(accentC)));
  }

  // arms / flippers, behind the body
  if (arms) {
    const wave = R.chance(0.4);
    for (const side of [-1, 1]) {
      const up = wave && side === facing;
      const t = side > 0 ? (up ? -0.45 : 0.3) : Math.PI - (up ? -0.45 : 0.3);
      const [x, y] = bodyPt(b, t, 0.98);
      const ang = up ? -side * 40 : side * 35;
      c.push(ellipse(0, 0, 22, 11, `${fill(bodyC)} transform="translate(${pt([x + side * 6, y])}) rotate(${ang})"`));
    }
  }

  // legs
  if (loco === 'two' || loco === 'four') {
    const lw = R.range(20, 28);
    const top = cy + ry * 0.3;
    const legs: [number, string][] = [];
    if (loco === 'four') {
      const o = R.range(0.55, 0.68);
      legs.push([cx - rx * o, darkC], [cx + rx * o, darkC]);
      const i = R.range(0.2, 0.3);
      legs.push([cx - rx * i, bodyC], [cx + rx * i, bodyC]);
    } else {
      const o = R.range(0.28, 0.42);
      legs.push([cx - rx * o, bodyC], [cx + rx * o, bodyC]);
    }
    const toes = R.chance(0.5);
    for (const [x, col] of legs) {
      c.push(
        `<rect x="${rnd(x - lw / 2)}" y="${rnd(top)}" width="${rnd(lw)}" height="${rnd(groundY - 6 - top)}" rx="${rnd(lw / 2)}"${fill(col)}/>`,
      );
      const footX = x + facing * 4;
      c.push(ellipse(footX, groundY - 6, lw * 0.72, 8, fill(col)));
      if (toes) {
        c.push(path(`M${pt([footX - 4, groundY])}v-5M${pt([footX + 4, groundY])}v-5`, ` stroke-width="2.5"`));
      }
    }
  } else if (loco === 'six') {
    let d = '';
    for (const side of [-1, 1]) {
      for (let i = 0; i < 3; i++) {
        const ax = cx + side * rx * (0.18 + i * 0.22);
        const ay = cy + ry * 0.55;
        const k: P = [ax + side * R.range(16, 24), ay + (groundY - ay) * 0.4];
        const f: P = [k[0] + side * 6, groundY - 3];
        d += `M${pt([ax, ay])}L${pt(k)}L${pt(f)}`;
      }
    }
    c.push(path(d, ` fill="none" stroke-width="13"`));
    c.push(path(d, ` fill="none" stroke="${darkC}" stroke-width="6"`));
  } else {
    const n = R.int(4, 6);
    let d = '';
    for (let i = 0; i < n; i++) {
      const x = cx - rx * 0.55 + (i * rx * 1.1) / (n - 1);
      const y0 = cy + ry * 0.5;
      const L = groundY - 8 - y0;
      const w = R.range(6, 12) * (i % 2 ? 1 : -1);
      const cd = x < cx ? -1 : 1;
      d += `M${pt([x, y0])}C${pt([x + w, y0 + L * 0.35])} ${pt([x - w, y0 + L * 0.7])} ${pt([x + cd * 6, groundY - 8])}q${rnd(cd * 6)},6 ${rnd(cd * 13)},-2`;
    }
    c.push(path(d, ` fill="none" stroke-width="19"`));
    c.push(path(d, ` fill="none" stroke="${bodyC}" stroke-width="11"`));
  }

  // body + clipped pattern and belly
  c.push(path(bodyD, fill(bodyC)));
  const inner: string[] = [];
  if (pattern === 'spots' || pattern === 'dots') {
    const many = pattern === 'dots';
    let d = '';
    const n = many ? R.int(10, 16) : R.int(4, 7);
    for (let i = 0, tries = 0; i < n && tries < 60; tries++) {
      const a = R.range(0, TAU);
      const m = Math.sqrt(R.next()) * 0.95;
      const x = cx + Math.cos(a) * rx * m;
      const y = cy + Math.sin(a) * ry * m;
      if (Math.hypot(x - fx, y - fy) < 46) continue;
      d += circD(x, y, many ? R.range(3, 6) : R.range(8, 17));
      i++;
    }
    inner.push(path(d, fill(many ? bellyC : R.chance(0.5) ? darkC : accentC)));
  } else if (pattern === 'stripes') {
    const n = R.int(3, 5);
    let d = '';
    for (let i = 0; i < n; i++) {
      const x = cx - tailSide * rx * 0.1 + tailSide * rx * (0.15 + (i * 0.8) / n);
      d += `M${pt([x, cy - ry - 4])}q${rnd(tailSide * 14)},${rnd(ry * 0.5)} 0,${rnd(ry * 0.95)}`;
    }
    inner.push(path(d, ` fill="none" stroke="${darkC}" stroke-width="${rnd(R.range(9, 13))}"`));
  }
  if (hasBelly) {
    if (kind === 'long') inner.push(ellipse(cx, cy + ry * 0.62, rx * 0.78, ry * 0.45, fill(bellyC)));
    else inner.push(ellipse(cx + facing * rx * 0.08, cy + ry * 0.5, rx * 0.62, ry * 0.55, fill(bellyC)));
  }
  if (inner.length) c.push(`<g clip-path="url(#${id}c)" stroke="none">${inner.join('')}</g>`);

  // eyes
  let er = eyeCount === 1 ? R.range(25, 33) : eyeCount === 2 ? R.range(15, 22) : R.range(12, 16);
  const eyes: P[] = [];
  if (frogEyes) {
    er = eyeCount === 1 ? R.range(22, 28) : R.range(16, 21);
    const xs = eyeCount === 1 ? [fx] : [fx - er * 1.35, fx + er * 1.35];
    for (const x of xs) {
      const t = topAngle(b, x);
      const p = bodyPt(b, t, 0.98);
      eyes.push([p[0], p[1] + 2]);
      c.push(circle(p[0], p[1] + 2, er + 6, fill(bodyC)));
    }
  } else if (eyeCount === 1) {
    eyes.push([fx, fy - 4]);
  } else if (eyeCount === 2) {
    const sp = er * R.range(2.3, 2.9);
    eyes.push([fx - sp / 2, fy], [fx + sp / 2, fy]);
  } else {
    const sp = er * R.range(2.3, 2.6);
    eyes.push([fx - sp, fy + 2], [fx, fy - er * 0.8], [fx + sp, fy + 2]);
  }
  for (const [x, y] of eyes) c.push(circle(x, y, er, fill('#fff')));
  const lookX = R.range(-0.28, 0.28) + facing * 0.1;
  const lookY = R.range(-0.1, 0.25);
  const iris = R.chance(0.35);
  const pr = iris ? 0.35 : R.range(0.45, 0.6);
  const soft: string[] = [];
  for (const [x, y] of eyes) {
    const px = x + lookX * er;
    const py = y + lookY * er;
    if (iris) soft.push(circle(px, py, er * 0.66, fill(accentC)));
    soft.push(circle(px, py, er * pr, fill(outC)));
    soft.push(circle(px - er * 0.22, py - er * 0.24, Math.max(2, er * 0.2), fill('#fff')));
    soft.push(circle(px + er * 0.18, py + er * 0.18, Math.max(1, er * 0.08), fill('#fff')));
  }
  const eyesBottom = Math.max(...eyes.map((p) => p[1])) + er;

  // mouth placement
  const mx = fx + facing * R.range(0, 6);
  const my = Math.max(eyesBottom + R.range(9, 16), fy + (frogEyes ? 4 : 10));
  const mw = R.range(11, 19) * (eyeCount === 1 ? 1.15 : 1);
  if (cheeks) {
    const cxo = Math.max(mw + 16, eyeCount === 2 && !frogEyes ? Math.abs(at(eyes, 0)[0] - fx) + 4 : 0);
    soft.push(ellipse(mx - cxo, my - 3, 11, 7, fill(pinkC) + ` fill-opacity=".7"`));
    soft.push(ellipse(mx + cxo, my - 3, 11, 7, fill(pinkC) + ` fill-opacity=".7"`));
  }
  c.push(`<g stroke="none">${soft.join('')}</g>`);

  // sleepy lids
  if (R.chance(0.12)) {
    for (const [x, y] of eyes) {
      c.push(path(`M${pt([x - er, y])}A${rnd(er)},${rnd(er)} 0 0 1 ${pt([x + er, y])}Z`, fill(bodyC)));
    }
  }

  const smile = `M${pt([mx - mw, my])}Q${pt([mx, my + mw * 0.85])} ${pt([mx + mw, my])}`;
  const mouthC = hsl(350, 55, 38);
  switch (mouth) {
    case 'smile':
      c.push(path(smile, ` fill="none"`));
      break;
    case 'open':
      c.push(path(`M${pt([mx - mw, my])}Q${pt([mx, my + mw * 1.7])} ${pt([mx + mw, my])}Z`, fill(mouthC)));
      c.push(ellipse(mx + mw * 0.15, my + mw * 0.52, mw * 0.42, mw * 0.22, `${fill(pinkC)} stroke="none"`));
      break;
    case 'fangs':
    case 'teeth': {
      if (mouth === 'fangs') {
        const fs = mw / 14;
        let d = '';
        for (const side of [-1, 1]) {
          const x = mx + side * mw * 0.45;
          const y = my + mw * 0.32;
          d += `M${pt([x - 4 * fs, y - 2])}l${d1(4 * fs)},${d1(10 * fs)}l${d1(4 * fs)},${d1(-10 * fs)}Z`;
        }
        c.push(path(d, ` fill="#fff" stroke-width="2"`));
      } else {
        c.push(
          `<rect x="${rnd(mx - 6)}" y="${rnd(my + mw * 0.4 - 2)}" width="12" height="9" rx="2" fill="#fff" stroke-width="2"/>`,
        );
      }
      c.push(path(smile, ` fill="none"`));
      break;
    }
    case 'cat': {
      const w = mw * 0.55;
      c.push(
        path(
          `M${pt([mx - 2 * w, my])}q${d1(w / 2)},${d1(w)} ${d1(w)},0q${d1(w / 2)},${d1(w)} ${d1(w)},0q${d1(w / 2)},${d1(w)} ${d1(w)},0q${d1(w / 2)},${d1(w)} ${d1(w)},0`,
          ` fill="none"`,
        ),
      );
      break;
    }
    case 'oh':
      c.push(ellipse(mx, my + 6, mw * 0.38, mw * 0.5, fill(mouthC)));
      break;
    case 'blep':
      c.push(path(`M${pt([mx + 1, my + mw * 0.35])}q0,14 8,14q8,0 8,-14`, `${fill(pinkC)} stroke-width="3"`));
      c.push(path(smile, ` fill="none"`));
      break;
  }

  return (
    svgOpen() +
    defs +
    parts.join('') +
    `<g stroke="${outC}" stroke-width="4" stroke-linejoin="round" stroke-linecap="round">${c.join('')}</g></svg>`
  );
}

export { drawCategory } from './category.ts';
