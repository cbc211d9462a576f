import zlib from 'node:zlib';

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

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/**
 * Whether pdfkit can draw this PNG without failing out of reach (decision 058). pdfkit decodes a PNG
 * itself (png-js) when it has transparency — an alpha channel or a tRNS chunk — and that decoding
 * runs in a callback whose errors no caller can catch: corrupt image data or a bad filter byte there
 * would stop the server. So those PNGs are decoded here first, synchronously and bounded; interlaced
 * PNGs and sub-byte ones with transparency (which png-js mishandles) are refused. 'ok', 'unreadable'
 * (damaged) or 'unsupported' (a kind of PNG to save again as a plain one).
 */
export function pngDrawable(bytes: Buffer): 'ok' | 'unreadable' | 'unsupported' {
  let at = 8;
  let header: { width: number; height: number; depth: number; colorType: number; interlace: number } | null =
    null;
  let transparency = false;
  const data: Buffer[] = [];
  while (at + 8 <= bytes.length) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    if (at + 12 + length > bytes.length) return 'unreadable';
    const body = bytes.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR' && length >= 13) {
      header = {
        width: body.readUInt32BE(0),
        height: body.readUInt32BE(4),
        depth: body[8]!,
        colorType: body[9]!,
        interlace: body[12]!,
      };
    } else if (type === 'tRNS') transparency = true;
    else if (type === 'IDAT') data.push(body);
    else if (type === 'IEND') break;
    at += 12 + length;
  }
  const channels = header ? CHANNELS[header.colorType] : undefined;
  if (!header || channels === undefined || data.length === 0) return 'unreadable';
  const alpha = header.colorType === 4 || header.colorType === 6;
  if (header.interlace !== 0) return 'unsupported';
  if (!alpha && !transparency) return 'ok';
  if (header.depth < 8) return 'unsupported';
  const rowBytes = (header.width * channels * header.depth) / 8;
  const expected = header.height * (1 + rowBytes);
  let raw: Buffer;
  try {
    raw = zlib.inflateSync(Buffer.concat(data), { maxOutputLength: expected + 1024 });
  } catch {
    return 'unreadable';
  }
  // Each row starts with its filter (0–4): what png-js would refuse by throwing.
  for (let row = 0, pos = 0; row < header.height && pos < raw.length; row += 1, pos += 1 + rowBytes) {
    if (raw[pos]! > 4) return 'unreadable';
  }
  return 'ok';
}
