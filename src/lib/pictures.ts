/** Every catalogue picture (src/server/art/index.ts draws them) has this size: pages reserve it, so nothing shifts. */
export const PICTURE_WIDTH = 480;
export const PICTURE_HEIGHT = 360;

/** The largest picture an upload may be: the server refuses more, and the admin's browser before sending. */
export const PICTURE_MAX_BYTES = 5 * 1024 * 1024;

/** The kinds of picture an upload may be. */
export const PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/**
 * The 4:3 part of a `width` × `height` picture that a card shows, moved by `x` and `y` (0–100: from the
 * start to the end of the side that is cut): the rule CSS's `object-fit: cover` with `object-position:
 * x% y%` follows, so the admin's preview shows exactly what the server keeps.
 */
export function coverCrop(
  width: number,
  height: number,
  x = 50,
  y = 50,
): { left: number; top: number; width: number; height: number } {
  const ratio = PICTURE_WIDTH / PICTURE_HEIGHT;
  const cropWidth = Math.min(width, Math.round(height * ratio));
  const cropHeight = Math.min(height, Math.round(width / ratio));
  const clamp = (value: number) => Math.min(100, Math.max(0, value)) / 100;
  return {
    left: Math.round((width - cropWidth) * clamp(x)),
    top: Math.round((height - cropHeight) * clamp(y)),
    width: cropWidth,
    height: cropHeight,
  };
}
