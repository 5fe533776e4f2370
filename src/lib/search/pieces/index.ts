/**
 * The search index in pieces (./layout.ts): built for a static host, read by its browser. Its own
 * entry beside ../index.ts, so that only code that searches the pieces bundles them: a page whose
 * island imports the engine for something else (marking matched words) does not load them.
 */
export { buildIndexPieces, type IndexPieces, type PieceSizes } from './build-pieces.ts';
export { MANIFEST_PATH, piecePath, type IndexManifest } from './layout.ts';
export { PiecedCatalogue } from './pieced-catalogue.ts';
export { PieceStore, type LoadPiece } from './piece-store.ts';
