// A wall-clock time burnt into 720p frames as 32 black/white blocks along the top (rows 0..47 of
// the luma plane), and read back from a decoded picture: live latency measured on the pictures
// themselves, from the moment a frame was drawn to the moment its segment is listed.
export const W = 1280;
export const H = 720;
const BITS = 32;
const BLOCK = W / BITS;

/** A copy of `base` (a yuv420p frame) with `ms` (mod 2^32) written into it. */
export function frameWithTime(base, ms) {
  const frame = Buffer.from(base);
  for (let bit = 0; bit < BITS; bit++) {
    const on = (ms >>> bit) & 1;
    for (let y = 0; y < 48; y++) frame.fill(on ? 235 : 16, y * W + bit * BLOCK, y * W + (bit + 1) * BLOCK);
  }
  return frame;
}

/** The time written into a decoded grey picture of W×H. */
export function readTime(gray) {
  let ms = 0;
  for (let bit = 0; bit < BITS; bit++) {
    let sum = 0;
    for (let y = 16; y < 32; y++) for (let x = bit * BLOCK + 10; x < (bit + 1) * BLOCK - 10; x++) sum += gray[y * W + x];
    if (sum / (16 * (BLOCK - 20)) > 128) ms |= 1 << bit;
  }
  return ms >>> 0;
}

/** A mid-grey 720p frame to write times into. */
export function baseFrame() {
  const base = Buffer.alloc((W * H * 3) / 2, 128);
  base.fill(90, 0, W * H);
  return base;
}
