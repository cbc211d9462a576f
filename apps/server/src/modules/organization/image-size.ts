/**
 * The width and height a PNG or JPEG declares, read from its header (PNG's IHDR, JPEG's first SOF
 * marker) without decoding it, or null when the header can't be read. Decision 058: a file of a few
 * KB can declare an image of gigapixels, which decoding would have to hold in memory.
 */
export function declaredSize(
  bytes: Buffer,
  mediaType: 'image/png' | 'image/jpeg',
): { width: number; height: number } | null {
  if (mediaType === 'image/png') {
    // Signature (8), IHDR length (4) and type (4), then width and height.
    if (bytes.length < 24 || bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }
  let at = 2; // after SOI
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    const length = bytes.readUInt16BE(at + 2);
    // SOF0–SOF15 but DHT (C4), JPG (C8) and DAC (CC): height then width after the precision byte.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    }
    if (length < 2) return null;
    at += 2 + length;
  }
  return null;
}
