/** The static build reads the same content collections (src/content.config.ts). */
export { collections } from '../content.config.ts';
