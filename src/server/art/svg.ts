/** SVG text building: rounding, colours, shapes and path data shared by every picture. */
import { ART_HEIGHT, ART_WIDTH } from './canvas.ts';
import { at } from './random.ts';

export type Point = [number, number];

export const TAU = Math.PI * 2;
export const HALF_PI = Math.PI / 2;
export const rnd = (value: number): number => Math.round(value) + 0; // "+ 0" turns -0 into 0
export const d1 = (value: number): number => Math.round(value * 10) / 10 + 0;
export const pt = (point: Point): string => `${rnd(point[0])},${rnd(point[1])}`;
export const clamp = (value: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, value));

export function hsl(hue: number, saturation: number, lightness: number): string {
  return `hsl(${rnd(((hue % 360) + 360) % 360)},${rnd(clamp(saturation, 0, 100))}%,${rnd(clamp(lightness, 0, 100))}%)`;
}

export function circle(x: number, y: number, r: number, attrs = ''): string {
  return `<circle cx="${rnd(x)}" cy="${rnd(y)}" r="${d1(r)}"${attrs}/>`;
}

export function ellipse(x: number, y: number, rx: number, ry: number, attrs = ''): string {
  return `<ellipse cx="${rnd(x)}" cy="${rnd(y)}" rx="${rnd(rx)}" ry="${rnd(ry)}"${attrs}/>`;
}

export function path(pathData: string, attrs = ''): string {
  return `<path d="${pathData}"${attrs}/>`;
}

export const fill = (colour: string): string => ` fill="${colour}"`;

/** A circle as path data, so many circles can share one <path>. */
export function circD(x: number, y: number, radius: number): string {
  const rounded = d1(radius);
  return `M${rnd(x - radius)},${rnd(y)}a${rounded},${rounded} 0 1 0 ${d1(2 * radius)},0a${rounded},${rounded} 0 1 0 ${d1(-2 * radius)},0`;
}

/** A four-pointed sparkle as path data. */
export function sparkD(x: number, y: number, size: number): string {
  const cx = rnd(x);
  const cy = rnd(y);
  const arm = rnd(size);
  return `M${cx},${cy - arm}Q${cx},${cy} ${cx + arm},${cy}Q${cx},${cy} ${cx},${cy + arm}Q${cx},${cy} ${cx - arm},${cy}Q${cx},${cy} ${cx},${cy - arm}Z`;
}

/** Closed Catmull-Rom spline through the points, as cubic Bézier path data. */
export function smoothClosed(pts: readonly Point[]): string {
  const count = pts.length;
  const point = (i: number): Point => at(pts, ((i % count) + count) % count);
  let d = `M${pt(point(0))}`;
  for (let i = 0; i < count; i++) {
    const p0 = point(i - 1);
    const p1 = point(i);
    const p2 = point(i + 1);
    const p3 = point(i + 2);
    const c2: Point = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    if (i === 0) {
      const c1: Point = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
      d += `C${pt(c1)} ${pt(c2)} ${pt(p2)}`;
    } else {
      // Catmull-Rom is C1-continuous, so the first control point is the
      // reflection of the previous one: exactly what "S" means.
      d += `S${pt(c2)} ${pt(p2)}`;
    }
  }
  return d + 'Z';
}

/** Open Catmull-Rom spline (end points duplicated), without the leading M. */
export function smoothOpen(pts: readonly Point[]): string {
  const count = pts.length;
  const point = (i: number): Point => at(pts, clamp(i, 0, count - 1));
  let d = '';
  for (let i = 0; i < count - 1; i++) {
    const p0 = point(i - 1);
    const p1 = point(i);
    const p2 = point(i + 1);
    const p3 = point(i + 2);
    const c1: Point = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2: Point = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    d += `C${pt(c1)} ${pt(c2)} ${pt(p2)}`;
  }
  return d;
}

/** A curved horn standing on (bx, by), leaning toward `side`. */
export function hornD(bx: number, by: number, width: number, length: number, side: number): string {
  const tip: Point = [bx + side * length * 0.45, by - length];
  return `M${pt([bx - width / 2, by + 8])}Q${pt([bx - width / 2, by - length * 0.6])} ${pt(tip)}Q${pt([bx + width / 2, by - length * 0.45])} ${pt([bx + width / 2, by + 8])}Z`;
}

export function svgOpen(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${ART_WIDTH}" height="${ART_HEIGHT}" viewBox="0 0 ${ART_WIDTH} ${ART_HEIGHT}" role="img">`;
}

export function vGradient(id: string, top: string, bottom: string): string {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`;
}
