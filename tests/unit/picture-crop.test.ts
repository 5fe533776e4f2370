/**
 * Where an uploaded picture's 4:3 crop sits (src/lib/pictures.ts coverCrop, src/server/pictures/upload.ts):
 * the rule the admin's preview shows with CSS object-position, and the server keeps that part.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { coverCrop } from '../../src/lib/pictures.ts';
import { convertUpload } from '../../src/server/pictures/upload.ts';

/** An 800 × 300 picture: red on its left half, blue on its right. */
async function twoHalves(): Promise<Uint8Array> {
  const half = (background: string) =>
    sharp({ create: { width: 400, height: 300, channels: 3, background } })
      .png()
      .toBuffer();
  const [red, blue] = await Promise.all([half('#ff0000'), half('#0000ff')]);
  return new Uint8Array(
    await sharp({ create: { width: 800, height: 300, channels: 3, background: '#000000' } })
      .composite([
        { input: red, left: 0, top: 0 },
        { input: blue, left: 400, top: 0 },
      ])
      .png()
      .toBuffer(),
  );
}

async function meanColour(webp: Buffer): Promise<{ red: number; blue: number }> {
  const { channels } = await sharp(webp).stats();
  return { red: channels[0]!.mean, blue: channels[2]!.mean };
}

describe('the crop of an uploaded picture', () => {
  it('is the 4:3 part that object-fit: cover with object-position x% y% shows', () => {
    expect(coverCrop(800, 300, 0, 50)).toEqual({ left: 0, top: 0, width: 400, height: 300 });
    expect(coverCrop(800, 300, 100, 50)).toEqual({ left: 400, top: 0, width: 400, height: 300 });
    expect(coverCrop(800, 300, 50, 50)).toEqual({ left: 200, top: 0, width: 400, height: 300 });
    expect(coverCrop(600, 1000, 50, 0)).toEqual({ left: 0, top: 0, width: 600, height: 450 });
    expect(coverCrop(600, 1000, 50, 100)).toEqual({ left: 0, top: 550, width: 600, height: 450 });
  });

  it('keeps the part the owner moved the crop to', async () => {
    const bytes = await twoHalves();
    const start = await meanColour((await convertUpload(bytes, { x: 0, y: 50 })).card);
    const end = await meanColour((await convertUpload(bytes, { x: 100, y: 50 })).card);
    expect(start.red).toBeGreaterThan(240);
    expect(start.blue).toBeLessThan(15);
    expect(end.blue).toBeGreaterThan(240);
    expect(end.red).toBeLessThan(15);
    const { width, height } = await sharp((await convertUpload(bytes, { x: 0, y: 50 })).large).metadata();
    expect([width, height]).toEqual([960, 720]);
  });
});
