/**
 * V8's fullest garbage collection, for the moments the server knows a burst of short-lived memory has
 * just ended (the catalogue read whole, a burst of page renders): a plain collection frees the dead
 * objects and Buffers in V8 but keeps their pages in the process; the fullest one gives them back.
 * Needs `gc` exposed (`node --expose-gc`, as `npm start` runs the server); without it there is none.
 */
type Gc = (options?: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

export function fullCollection(): (() => void) | undefined {
  const gc = (globalThis as { gc?: Gc }).gc;
  return gc ? () => gc({ type: 'major', execution: 'sync', flavor: 'last-resort' }) : undefined;
}
