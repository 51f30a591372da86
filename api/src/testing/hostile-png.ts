import { Readable } from 'node:stream';
import { createDeflate } from 'node:zlib';

export interface FlatPngOptions {
  width: number;
  height: number;
  /** 8 or 16 bits per channel. */
  bitDepth: 8 | 16;
  /** Adam7 interlacing: the decoder must hold the whole image to undo it. */
  interlaced: boolean;
}

const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** Bytes of the filtered scanlines (a filter byte before each row), pass by pass when interlaced. */
function rawLength({ width, height, bitDepth, interlaced }: FlatPngOptions): number {
  const bytesPerPixel = 3 * (bitDepth / 8);
  const rows = (w: number, h: number) => (w === 0 || h === 0 ? 0 : h * (1 + w * bytesPerPixel));
  if (!interlaced) return rows(width, height);
  return ADAM7.reduce((sum, [x0, y0, dx, dy]) => sum + rows(Math.max(0, Math.ceil((width - x0) / dx)), Math.max(0, Math.ceil((height - y0) / dy))), 0);
}

/**
 * An RGB PNG of one flat black colour, built by hand so a test can make a huge image without
 * holding its pixels: the all-zero scanlines are deflated as a stream, so a 6000×6000 16-bit
 * interlaced PNG (216 MB of pixels) is a file of about 200 KB, as the hostile uploads are.
 */
export async function flatPng(options: FlatPngOptions): Promise<Buffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(options.width, 0);
  header.writeUInt32BE(options.height, 4);
  header.writeUInt8(options.bitDepth, 8);
  header.writeUInt8(2, 9); // truecolour
  header.writeUInt8(0, 10);
  header.writeUInt8(0, 11);
  header.writeUInt8(options.interlaced ? 1 : 0, 12);

  const zeros = Buffer.alloc(1024 * 1024);
  let left = rawLength(options);
  const scanlines = Readable.from(
    (function* () {
      while (left > 0) {
        const size = Math.min(left, zeros.length);
        left -= size;
        yield zeros.subarray(0, size);
      }
    })(),
  );
  const compressed: Buffer[] = [];
  for await (const part of scanlines.pipe(createDeflate({ level: 9 }))) compressed.push(part as Buffer);

  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', Buffer.concat(compressed)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
