import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { emptyGpsDirectory, stripLocation } from './location-metadata';

const dir = mkdtempSync(join(tmpdir(), 'umpire-gps-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const GPS = { GPSLatitudeRef: 'N', GPSLatitude: '52/1 13/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '21/1 0/1 0/1' };
/** Whether the EXIF block sharp reads still holds GPS entries (emptyGpsDirectory finds some). */
const hasGps = async (bytes: Buffer) => {
  const exif = (await sharp(bytes).metadata()).exif;
  if (!exif) return false;
  // JPEG and WebP give the block after its `Exif\0\0` header; PNG's eXIf chunk has none.
  return emptyGpsDirectory(Buffer.from(exif.subarray(exif.toString('latin1', 0, 4) === 'Exif' ? 6 : 0)));
};

describe.each(['jpeg', 'png', 'webp'] as const)('location in %s', (format) => {
  it('is removed in place, the picture and its orientation untouched', async () => {
    const original = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#345' } })
      .toFormat(format)
      .withExif({ IFD0: { Copyright: 'Umpire' }, IFD3: GPS })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect(await hasGps(original)).toBe(true);
    const file = join(dir, `photo.${format}`);
    writeFileSync(file, original);
    const handle = await open(file, 'r+');
    expect(await stripLocation(handle, format)).toBe(true);
    await handle.close();
    const stripped = readFileSync(file);
    expect(stripped.length).toBe(original.length);
    expect(await hasGps(stripped)).toBe(false);
    const meta = await sharp(stripped).metadata();
    expect(meta.orientation).toBe(6);
    // Still a picture that decodes (a PNG chunk's CRC was rewritten with it).
    const pixels = await sharp(stripped).raw().toBuffer();
    expect(pixels.length).toBe(30 * 20 * 3);
  });
});

it('leaves a picture without location as it is', async () => {
  const plain = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } }).jpeg().toBuffer();
  const file = join(dir, 'plain.jpg');
  writeFileSync(file, plain);
  const handle = await open(file, 'r+');
  expect(await stripLocation(handle, 'jpeg')).toBe(false);
  await handle.close();
  expect(readFileSync(file).equals(plain)).toBe(true);
});
