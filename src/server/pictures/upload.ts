/**
 * An upload made ready with sharp: JPEG, PNG or WebP up to 5 MB, decoded within a pixel limit, turned upright, at least
 * 200 px, cropped to 4:3 (where the owner moved the crop, else where sharp finds the most to see) and written as WebP
 * at the cards' size and twice it; anything else refused in Hebrew.
 */
import sharp from 'sharp';
import { coverCrop, PICTURE_HEIGHT, PICTURE_WIDTH } from '../../lib/pictures.ts';
import { PICTURE_MAX_BYTES } from '../http/api-path.ts';
import { adminMessages } from '../api/admin/messages.ts';

/** The largest picture decoded, in pixels (about 8,000 × 5,000). */
const MAX_INPUT_PIXELS = 40_000_000;
const MIN_SHORT_SIDE = 200;
const FORMATS = new Set(['jpeg', 'png', 'webp']);

export class PictureRefusal extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'PictureRefusal';
    this.status = status;
  }
}

interface ConvertedPicture {
  /** At the cards' size (PICTURE_WIDTH × PICTURE_HEIGHT). */
  card: Buffer;
  /** Twice that, for sharp screens and the animal's page. */
  large: Buffer;
}

/** Where the 4:3 crop sits (0–100 along each side, as src/lib/pictures.ts coverCrop reads it); none: sharp's attention strategy picks it. */
export interface CropFocus {
  x: number;
  y: number;
}

export async function convertUpload(bytes: Uint8Array, focus?: CropFocus): Promise<ConvertedPicture> {
  if (bytes.byteLength > PICTURE_MAX_BYTES) throw new PictureRefusal(413, adminMessages.pictureTooLarge);
  const input = () => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).autoOrient();
  let width: number;
  let height: number;
  try {
    const metadata = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if (!metadata.format || !FORMATS.has(metadata.format)) throw new Error('not a picture we take');
    ({ width, height } = metadata.autoOrient);
  } catch {
    throw new PictureRefusal(400, adminMessages.notAnImage);
  }
  if (Math.min(width, height) < MIN_SHORT_SIDE) throw new PictureRefusal(400, adminMessages.pictureTooSmall);
  try {
    const [card, large] = await Promise.all(
      [1, 2].map((scale) =>
        (focus ? input().extract(coverCrop(width, height, focus.x, focus.y)) : input())
          .resize(PICTURE_WIDTH * scale, PICTURE_HEIGHT * scale, { fit: 'cover', position: 'attention' })
          .webp({ quality: 80 })
          .toBuffer(),
      ),
    );
    return { card: card!, large: large! };
  } catch {
    throw new PictureRefusal(400, adminMessages.notAnImage);
  }
}
