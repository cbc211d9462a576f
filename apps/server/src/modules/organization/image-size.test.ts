import { describe, expect, it } from 'vitest';
import { pngImage } from '../../../test/images';
import { declaredSize } from './image-size';

/** A JPEG's first bytes: SOI, an APP0 segment, then SOF0 declaring height × width. */
function jpegHeader(width: number, height: number): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, ...Buffer.from('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  const sof = Buffer.alloc(19);
  sof.set([0xff, 0xc0, 0x00, 0x11, 0x08]);
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof]);
}

describe('the size a logo declares (decision 058)', () => {
  it('reads a PNG’s IHDR and a JPEG’s SOF without decoding', () => {
    expect(declaredSize(pngImage(123, 45), 'image/png')).toEqual({ width: 123, height: 45 });
    expect(declaredSize(jpegHeader(640, 480), 'image/jpeg')).toEqual({ width: 640, height: 480 });
    expect(declaredSize(jpegHeader(60000, 2), 'image/jpeg')).toEqual({ width: 60000, height: 2 });
  });

  it('answers null for a header it cannot read', () => {
    expect(declaredSize(Buffer.from([0x89, 0x50]), 'image/png')).toBeNull();
    expect(
      declaredSize(Buffer.from([0xff, 0xd8, 0x00, 0x00, 0, 0, 0, 0, 0, 0, 0, 0]), 'image/jpeg'),
    ).toBeNull();
  });
});
