import zlib from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** How a test PNG is made: an alpha channel, a filter byte per row, the interlace flag, raw IDAT. */
export interface PngOptions {
  alpha?: boolean;
  /** The filter byte of every row (0: none); above 4 is invalid. */
  filter?: number;
  /** Sets the interlace flag (the data stays non-interlaced: enough to be refused). */
  interlace?: boolean;
  /** IDAT's bytes as given (corrupt compressed data). */
  idat?: Buffer;
}

/**
 * A real PNG of width × height in one colour (RGB, or RGBA with `alpha`), written byte by byte
 * (signature, IHDR, IDAT, IEND) so the tests upload an image any decoder reads, without a fixture
 * file — or, through the options, one broken in a known way.
 */
export function pngImage(
  width: number,
  height: number,
  rgb: [number, number, number] = [25, 100, 170],
  options: PngOptions = {},
): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(options.alpha ? 6 : 2, 9); // truecolour (with alpha)
  header.writeUInt8(options.interlace ? 1 : 0, 12);
  const pixel = options.alpha ? [...rgb, 200] : rgb;
  const row = Buffer.concat([
    Buffer.from([options.filter ?? 0]),
    Buffer.from(Array.from({ length: width }, () => pixel).flat()),
  ]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', options.idat ?? zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A multipart/form-data body with one file part, and its content type. */
export function multipartFile(
  field: string,
  file: { name: string; type: string; bytes: Buffer },
): { payload: Buffer; contentType: string } {
  const boundary = `----evalua${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${file.name}"\r\n` +
      `Content-Type: ${file.type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, file.bytes, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
