/** Category scenes: a sky, a landscape chosen by the category's name, and a creature silhouette. */
import { ART_HEIGHT, ART_WIDTH } from './canvas.ts';
import { at, hash32, makeRng, type Rng } from './random.ts';
import { scatter } from './scatter.ts';
import { silhouette } from './silhouette.ts';
import {
  circD,
  circle,
  ellipse,
  fill,
  hsl,
  path,
  pt,
  rnd,
  smoothOpen,
  sparkD,
  svgOpen,
  vGradient,
  type Point,
} from './svg.ts';

/** A rolling hill across the canvas, passing through `stand` (where a creature can stand). */
function hillD(random: Rng, baseY: number, amp: number, stand?: Point): string {
  const pts: Point[] = [];
  for (let x = -20; x <= ART_WIDTH + 20; x += 104) {
    if (stand && Math.abs(x - stand[0]) < 60) continue;
    pts.push([x, baseY + random.range(-amp, amp)]);
  }
  if (stand) pts.push(stand);
  pts.sort((p, q) => p[0] - q[0]);
  return `M${pt(at(pts, 0))}${smoothOpen(pts)}V${ART_HEIGHT + 20}H-20Z`;
}

type Scene = 'hills' | 'night' | 'sea' | 'forest' | 'sky' | 'peaks' | 'dunes';

/** Slug words that suggest a scene; anything else gets a scene chosen by the seed. */
const SCENE_HINTS: readonly [RegExp, Scene][] = [
  [/sea|ocean|water|river|lake|fish|marine|reef/, 'sea'],
  [/night|moon|dark|star|shadow|dream/, 'night'],
  [/sky|air|fly|flying|bird|wind|cloud|wing/, 'sky'],
  [/forest|wood|tree|jungle|garden|spirit|leaf/, 'forest'],
  [/ice|snow|frost|winter|mountain|cold|polar/, 'peaks'],
  [/desert|sand|dune|fire|flame|volcan|sun/, 'dunes'],
];

export function drawCategory(seed: string, requestedHue?: number): string {
  const random = makeRng(`category:${seed}`);
  const baseHue = random.int(0, 359);
  const hue = requestedHue === undefined || !Number.isFinite(requestedHue) ? baseHue : rnd(requestedHue);
  // the hue is part of the id so two variants of one category can share a page
  const id = `c${hash32(`${seed}:${hue}`).toString(36)}`;
  const randomScene = random.pick<Scene>(['hills', 'night', 'sea', 'forest', 'sky', 'peaks', 'dunes']);
  const slug = seed.toLowerCase();
  const scene = SCENE_HINTS.find(([re]) => re.test(slug))?.[1] ?? randomScene;
  const night = scene === 'night';
  const skyTop = night ? hsl(hue + 20, 45, 18) : hsl(hue, 70, 90);
  const skyBot = night ? hsl(hue - 10, 50, 38) : hsl(hue + 25, 70, 78);
  const silC = hsl(hue, 38, night ? 12 : 26);
  const parts: string[] = [
    `<defs>${vGradient(`${id}g`, skyTop, skyBot)}</defs>`,
    `<rect width="${ART_WIDTH}" height="${ART_HEIGHT}" fill="url(#${id}g)"/>`,
  ];

  // sun or moon
  const sunX = random.range(70, 410);
  const sunY = random.range(55, 90);
  if (night) {
    parts.push(circle(sunX, sunY, 30, fill(hsl(50, 90, 88))));
    parts.push(circle(sunX + 13, sunY - 8, 26, fill(skyTop)));
    const stars = scatter(
      random,
      random.int(9, 13),
      { x0: 15, x1: 465, y0: 15, y1: 200 },
      { x: sunX, y: sunY, rx: 45, ry: 45 },
    );
    parts.push(path(stars.map((p) => sparkD(p[0], p[1], random.range(3, 8))).join(''), fill(hsl(50, 100, 92))));
  } else {
    const sr = scene === 'dunes' ? random.range(38, 46) : random.range(28, 36);
    parts.push(circle(sunX, sunY, sr + 14, fill(hsl(48, 100, 92)) + ` fill-opacity=".45"`));
    parts.push(circle(sunX, sunY, sr, fill(hsl(48, 100, 90))));
  }

  const standX = random.range(170, 310);
  const flip = random.chance(0.5);
  const place = (x: number, y: number, scale: number, inner: string): string =>
    `<g transform="translate(${pt([x, y])}) scale(${flip ? -scale : scale} ${scale})" fill="${silC}" color="${silC}">${inner}</g>`;

  if (scene === 'sea') {
    const wh = 195 + (((hue + 165) % 360) - 180) * 0.25; // a sea that is always sea-coloured
    parts.push(path(`M0,230H${ART_WIDTH}V${ART_HEIGHT}H0Z`, fill(hsl(wh, 55, 60))));
    // a sea serpent: humps and a head on a long neck
    const sx = standX;
    const dir = flip ? -1 : 1;
    const serpentX = (dx: number): number => rnd(sx + dir * dx);
    let humps = '';
    for (let i = 0; i < 3; i++) humps += `M${serpentX(-130 + i * 52)},244a22,26 0 0 ${flip ? 0 : 1} ${dir * 44},0Z`;
    parts.push(path(humps, fill(silC)));
    parts.push(
      path(
        `M${serpentX(24)},246C${serpentX(22)},190 ${serpentX(40)},160 ${serpentX(66)},150`,
        ` fill="none" stroke="${silC}" stroke-width="20" stroke-linecap="round"`,
      ),
    );
    parts.push(ellipse(sx + dir * 80, 146, 24, 16, fill(silC)));
    parts.push(
      path(
        `M${serpentX(70)},132l${-6 * dir},-16l${12 * dir},10ZM${serpentX(84)},131l${4 * dir},-17l${7 * dir},15Z`,
        fill(silC),
      ),
    );
    parts.push(circle(sx + dir * 88, 142, 5, fill('#fff')) + circle(sx + dir * 89, 142, 2.2, fill(silC)));
    let waves = '';
    for (let row = 0; row < 3; row++) {
      const y = 262 + row * 32;
      const off = row % 2 ? 30 : 0;
      for (let x = -60 + off; x < ART_WIDTH + 20; x += 60) waves += `M${x},${y}q15,-10 30,0q15,10 30,0`;
    }
    parts.push(path(waves, ` fill="none" stroke="${hsl(wh, 70, 84)}" stroke-width="4" stroke-linecap="round"`));
  } else {
    if (scene === 'peaks') {
      let peaks = '';
      let snow = '';
      for (let x = -40; x < ART_WIDTH + 20; x += random.range(110, 150)) {
        const peakHeight = random.range(110, 170);
        const width = peakHeight * 0.9;
        const top: Point = [x + width / 2, 250 - peakHeight];
        peaks += `M${rnd(x)},250L${pt(top)}L${rnd(x + width)},250Z`;
        const snowShare = 0.3;
        snow += `M${pt([top[0] - (width / 2) * snowShare, top[1] + peakHeight * snowShare])}L${pt(top)}L${pt([top[0] + (width / 2) * snowShare, top[1] + peakHeight * snowShare])}l-8,6l-8,-6l-8,6Z`;
      }
      parts.push(path(peaks, fill(hsl(hue + 20, 30, 62))));
      parts.push(path(snow, fill('#fff')));
    }
    const far = hillD(random, 222, 22);
    parts.push(path(far, fill(hsl(hue + 40, 35, night ? 30 : 74))));
    if (scene === 'forest') {
      let trees = '';
      for (let x = 10; x < ART_WIDTH; x += random.range(34, 52)) {
        const th = random.range(50, 90);
        const base = random.range(250, 262);
        trees += `M${rnd(x)},${rnd(base - th)}l${rnd(th * 0.3)},${rnd(th)}h${rnd(-th * 0.6)}Z`;
      }
      parts.push(path(trees, fill(hsl(hue + 80, 35, 42))));
    }
    const standY = random.range(282, 294);
    const front = hillD(random, 292, 14, [standX, standY]);
    parts.push(path(front, fill(hsl(hue + 60, 40, night ? 22 : 58))));
    if (scene === 'dunes') {
      let cacti = '';
      for (const x of [random.range(30, 110), random.range(370, 450)]) {
        const base = random.range(300, 320);
        const ht = random.range(50, 75);
        cacti += `M${rnd(x)},${rnd(base)}v${rnd(-ht)}M${rnd(x)},${rnd(base - ht * 0.45)}h-14v-18M${rnd(x)},${rnd(base - ht * 0.6)}h13v-14`;
      }
      parts.push(
        path(
          cacti,
          ` fill="none" stroke="${hsl(hue + 110, 35, 38)}" stroke-width="13" stroke-linecap="round" stroke-linejoin="round"`,
        ),
      );
    }
    if (scene === 'sky') {
      const cl = scatter(random, 3, { x0: 30, x1: 400, y0: 40, y1: 170 }, { x: ART_WIDTH / 2, y: 150, rx: 80, ry: 60 });
      parts.push(
        path(
          cl.map((p) => circD(p[0], p[1], 16) + circD(p[0] + 20, p[1] - 9, 21) + circD(p[0] + 42, p[1], 15)).join(''),
          ` fill="#fff" fill-opacity=".85"`,
        ),
      );
      const wing = `<path d="M-10,-70q-10,-50 -60,-60q16,24 10,40q-14,-4 -20,8q20,4 40,24Z"/>`;
      parts.push(place(ART_WIDTH / 2, 230, 1, wing + silhouette(random, '#fff', false)));
    } else {
      parts.push(
        place(
          standX,
          standY + 2,
          random.range(0.95, 1.2),
          silhouette(random, night ? hsl(55, 100, 70) : '#fff', night),
        ),
      );
    }
    // little flowers (or snowballs, or pebbles) on the front hill
    let deco = '';
    for (const p of scatter(
      random,
      5,
      { x0: 20, x1: 460, y0: 310, y1: 345 },
      { x: standX, y: standY, rx: 90, ry: 40 },
    )) {
      deco += circD(p[0], p[1], random.range(3, 5));
    }
    parts.push(path(deco, fill(scene === 'peaks' ? '#fff' : hsl(hue + 180, 80, night ? 70 : 88))));
  }

  return svgOpen() + parts.join('') + '</svg>';
}
