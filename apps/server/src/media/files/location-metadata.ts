import type { FileHandle } from 'node:fs/promises';
import { crc32 } from 'node:zlib';

/**
 * Removes where a photo was taken (EXIF GPS, and XMP packets that carry GPS) from a JPEG, PNG or
 * WebP file, in place and without re-encoding: the GPS directory is emptied and its values
 * zeroed, byte for byte, so every other tag keeps its offset. Orientation, camera, date and
 * colour profile stay; so does the picture's quality.
 */
export async function stripLocation(file: FileHandle, format: 'jpeg' | 'png' | 'webp'): Promise<boolean> {
  const reader = new Reader(file);
  if (format === 'jpeg') return stripJpeg(reader);
  if (format === 'png') return stripPng(reader);
  return stripWebp(reader);
}

class Reader {
  constructor(private readonly file: FileHandle) {}
  async read(position: number, length: number): Promise<Buffer> {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await this.file.read(buffer, 0, length, position);
    return buffer.subarray(0, bytesRead);
  }
  async write(position: number, bytes: Buffer): Promise<void> {
    await this.file.write(bytes, 0, bytes.length, position);
  }
}

const EXIF_HEADER = Buffer.from('Exif\0\0', 'latin1');
const XMP_HEADER = Buffer.from('http://ns.adobe.com/xap/1.0/\0', 'latin1');
const EMPTY_XMP = '<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"/><?xpacket end="w"?>';

/** An XMP packet with a location, replaced by an empty packet padded to the same length. */
function blankXmp(packet: Buffer): boolean {
  if (!/GPS(Latitude|Longitude|Altitude)|exif:GPS/i.test(packet.toString('latin1'))) return false;
  const empty = Buffer.from(EMPTY_XMP, 'latin1');
  packet.fill(0x20);
  if (packet.length >= empty.length) empty.copy(packet);
  return true;
}

async function stripJpeg(reader: Reader): Promise<boolean> {
  let position = 2;
  let changed = false;
  for (;;) {
    const head = await reader.read(position, 4);
    if (head.length < 4 || head[0] !== 0xff) return changed;
    const marker = head[1];
    // Start of scan: the picture data follows, no more metadata segments.
    if (marker === 0xda || marker === 0xd9) return changed;
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      position += 2;
      continue;
    }
    const length = head.readUInt16BE(2);
    if (marker === 0xe1) {
      const payload = await reader.read(position + 4, length - 2);
      let touched = false;
      if (payload.subarray(0, 6).equals(EXIF_HEADER)) touched = emptyGpsDirectory(payload.subarray(6));
      else if (payload.subarray(0, XMP_HEADER.length).equals(XMP_HEADER)) touched = blankXmp(payload.subarray(XMP_HEADER.length));
      if (touched) {
        await reader.write(position + 4, payload);
        changed = true;
      }
    }
    position += 2 + length;
  }
}

async function stripPng(reader: Reader): Promise<boolean> {
  let position = 8;
  let changed = false;
  for (;;) {
    const head = await reader.read(position, 8);
    if (head.length < 8) return changed;
    const length = head.readUInt32BE(0);
    const type = head.toString('latin1', 4, 8);
    if (type === 'IDAT' || type === 'IEND') return changed;
    if (type === 'eXIf' || type === 'iTXt') {
      const data = await reader.read(position + 8, length);
      const touched =
        type === 'eXIf'
          ? emptyGpsDirectory(data.subarray(data.subarray(0, 6).equals(EXIF_HEADER) ? 6 : 0))
          : data.toString('latin1', 0, 17) === 'XML:com.adobe.xmp' && blankXmp(data.subarray(data.indexOf('<')));
      if (touched) {
        const crc = Buffer.alloc(4);
        crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4, 8), data])) >>> 0);
        await reader.write(position + 8, Buffer.concat([data, crc]));
        changed = true;
      }
    }
    position += 12 + length;
  }
}

async function stripWebp(reader: Reader): Promise<boolean> {
  const riff = await reader.read(0, 12);
  if (riff.toString('latin1', 0, 4) !== 'RIFF' || riff.toString('latin1', 8, 12) !== 'WEBP') return false;
  const end = 8 + riff.readUInt32LE(4);
  let position = 12;
  let changed = false;
  while (position + 8 <= end) {
    const head = await reader.read(position, 8);
    if (head.length < 8) return changed;
    const type = head.toString('latin1', 0, 4);
    const size = head.readUInt32LE(4);
    if (type === 'EXIF' || type === 'XMP ') {
      const data = await reader.read(position + 8, size);
      const touched =
        type === 'EXIF' ? emptyGpsDirectory(data.subarray(data.subarray(0, 6).equals(EXIF_HEADER) ? 6 : 0)) : blankXmp(data);
      if (touched) {
        await reader.write(position + 8, data);
        changed = true;
      }
    }
    position += 8 + size + (size % 2);
  }
  return changed;
}

const GPS_DIRECTORY_TAG = 0x8825;
/** Bytes per value of each TIFF field type (1 BYTE … 12 DOUBLE). */
const TYPE_SIZES = [0, 1, 1, 2, 4, 8, 1, 1, 2, 4, 8, 4, 8];

/**
 * In a TIFF block (the body of an EXIF segment), finds the GPS directory of the first image
 * directory, zeroes the values of its entries and leaves it an empty directory. Returns whether
 * anything changed. Every read is bounds-checked: a broken block is left as it is.
 */
export function emptyGpsDirectory(tiff: Buffer): boolean {
  if (tiff.length < 8) return false;
  const order = tiff.toString('latin1', 0, 2);
  if (order !== 'II' && order !== 'MM') return false;
  const little = order === 'II';
  const u16 = (at: number) => (at + 2 <= tiff.length ? (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at)) : -1);
  const u32 = (at: number) => (at + 4 <= tiff.length ? (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at)) : -1);
  if (u16(2) !== 42) return false;
  const ifd0 = u32(4);
  const count0 = u16(ifd0);
  if (ifd0 < 8 || count0 < 0) return false;
  let gps = -1;
  for (let i = 0; i < count0; i++) {
    const entry = ifd0 + 2 + i * 12;
    if (u16(entry) === GPS_DIRECTORY_TAG) gps = u32(entry + 8);
  }
  const count = u16(gps);
  if (gps < 8 || count <= 0 || gps + 2 + count * 12 + 4 > tiff.length) return false;
  for (let i = 0; i < count; i++) {
    const entry = gps + 2 + i * 12;
    const bytes = (TYPE_SIZES[u16(entry + 2)] ?? 0) * Math.max(0, u32(entry + 4));
    const offset = u32(entry + 8);
    // Values over four bytes live elsewhere in the block: zero them there too.
    if (bytes > 4 && offset >= 8 && offset + bytes <= tiff.length) tiff.fill(0, offset, offset + bytes);
  }
  // No entries, and no next directory.
  tiff.fill(0, gps, gps + 2 + count * 12 + 4);
  return true;
}
