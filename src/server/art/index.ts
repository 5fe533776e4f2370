/**
 * Deterministic SVG art for the shop: one imaginary animal per seed, plus
 * category scenes. Pure string building — no dependencies, no Node or DOM
 * APIs — so it runs on the server, in scripts and in the browser alike.
 *
 * Same seed → byte-identical SVG. Numbers are rounded (integers, occasionally
 * one decimal) to keep each picture small.
 *
 * The drawing parts live beside this file: animal.ts puts an animal together
 * from palette, body, features, background, wings, tail, head, limbs, coat,
 * eyes and mouth; category.ts draws the category scenes.
 */
export { drawAnimal } from './animal.ts';
export { ART_HEIGHT, ART_WIDTH } from './canvas.ts';
export { drawCategory } from './category.ts';
