/** Every catalogue picture (src/server/art/index.ts draws them) has this size: pages reserve it, so nothing shifts. */
export const PICTURE_WIDTH = 480;
export const PICTURE_HEIGHT = 360;
