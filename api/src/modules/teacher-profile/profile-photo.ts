import { createHash } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { profilePhotoRules } from '@kalike/shared/domain/teacher-profile-values';
import { DomainError } from '../../shared/domain-error';

/** One file to store: a square size of the photo in one format, named by its content. */
export interface PhotoFile {
  key: string;
  body: Buffer;
  contentType: 'image/webp' | 'image/jpeg';
  format: 'webp' | 'jpeg';
  width: number;
}

export interface ProcessedPhoto {
  /** The version of the photo: a hash over its files. */
  hash: string;
  /** The upload's size once turned upright. */
  width: number;
  height: number;
  files: PhotoFile[];
}

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;
const megapixels = (pixels: number) => `${Math.round(pixels / 100_000) / 10} megapixels`;
const decodable = new Set(['jpeg', 'png', 'webp']);
/** Bits per channel of each libvips pixel format a decoder may give. */
const bitsOfDepth: Readonly<Record<string, number>> = { uchar: 8, char: 8, ushort: 16, short: 16, uint: 32, int: 32, float: 32, double: 64 };

// Process-wide settings of libvips, set on purpose rather than left to its defaults: one thread
// per photo (the queue decides how many run at once, and the API's other work keeps the other
// cores), and no cache of decoded images or open files, which would keep an upload's pixels
// after its request ends.
sharp.concurrency(1);
sharp.cache(false);

export const photoTooLarge = () =>
  new DomainError('PHOTO_TOO_LARGE', `The photo is larger than ${megabytes(profilePhotoRules.maxBytes)}. Choose a smaller one.`, 413);
const notAnImage = () => new DomainError('PHOTO_NOT_AN_IMAGE', 'That file is not a photo we can use. Choose a JPEG, PNG or WebP image.', 415);

/** How long a refused upload is told to wait: a photo takes well under a second to process. */
const busyRetrySeconds = 5;
export const photosBusy = () =>
  new DomainError('PHOTOS_BUSY', 'Many photos are being processed just now. Try again in a few seconds.', 503, { retryAfterSeconds: busyRetrySeconds });

/** The upload's header, read without decoding a pixel. */
export interface PhotoHeader {
  /** Upright, by its EXIF orientation. */
  width: number;
  height: number;
}

/**
 * Reads only the header (sharp's `metadata()` decodes no pixels) and refuses, before anything
 * costly, every photo whose decoding would cost more than `profilePhotoRules` allows: the wrong
 * kind of file, too few or too many pixels, more than 8 bits per channel, or an interlaced PNG
 * above its smaller pixel count.
 */
export async function checkPhotoHeader(input: Buffer): Promise<PhotoHeader> {
  if (input.byteLength > profilePhotoRules.maxBytes) throw photoTooLarge();
  let metadata: Metadata;
  try {
    metadata = await sharp(input).metadata();
  } catch {
    throw notAnImage();
  }
  if (!decodable.has(metadata.format)) throw notAnImage();
  const { width, height } = metadata.autoOrient;
  const { minSide, maxSide, maxPixels, maxBitsPerChannel, maxInterlacedPixels } = profilePhotoRules;
  if (Math.min(width, height) < minSide) {
    throw new DomainError('PHOTO_WRONG_SIZE', `The photo is ${width}×${height} pixels; it must be at least ${minSide}×${minSide}.`, 400);
  }
  if (Math.max(width, height) > maxSide) {
    throw new DomainError('PHOTO_WRONG_SIZE', `The photo is ${width}×${height} pixels; it can be at most ${maxSide}×${maxSide}.`, 400);
  }
  const pixels = width * height;
  if (pixels > maxPixels) {
    throw new DomainError(
      'PHOTO_WRONG_SIZE',
      `The photo is ${width}×${height} pixels (${megapixels(pixels)}); it can be at most ${megapixels(maxPixels)}. Choose a smaller one.`,
      400,
    );
  }
  const bits = metadata.bitsPerSample ?? bitsOfDepth[metadata.depth ?? 'uchar'] ?? Number.POSITIVE_INFINITY;
  if (bits > maxBitsPerChannel) {
    throw new DomainError(
      'PHOTO_TOO_DEEP',
      `The photo has ${bits} bits per colour; we take at most ${maxBitsPerChannel}. Save it as an ordinary JPEG or 8-bit PNG and try again.`,
      400,
    );
  }
  if (metadata.format === 'png' && metadata.isProgressive && pixels > maxInterlacedPixels) {
    throw new DomainError(
      'PHOTO_INTERLACED',
      `The photo is an interlaced PNG of ${megapixels(pixels)}; interlaced PNGs can be at most ${megapixels(maxInterlacedPixels)}. ` +
        'Save it as a JPEG, or as a PNG without interlacing, and try again.',
      400,
    );
  }
  return { width, height };
}

/**
 * Checks an uploaded photo by its bytes (whatever its name says) and makes the files the pages
 * use: squares of each size in `profilePhotoRules.sizes` (the largest no bigger than the photo
 * allows), as WebP, and the largest again as JPEG for link previews. It is turned upright by
 * its EXIF orientation first; nothing of the upload's metadata (EXIF with GPS, XMP, IPTC, ICC
 * profiles) is copied: sharp writes none unless asked, and colours are converted to sRGB.
 *
 * The upload is decoded once, straight to the largest square (JPEG and WebP shrink while they
 * decode; other files stream row by row), and every size is cut from that small buffer. Give
 * it the header `checkPhotoHeader` read, and run it through the photo queue.
 */
export async function processProfilePhoto(input: Buffer, { width, height }: PhotoHeader): Promise<ProcessedPhoto> {
  const shortSide = Math.min(width, height);
  const sides = [...new Set(profilePhotoRules.sizes.map((size) => Math.min(size, shortSide)))];
  const largest = Math.max(...sides);
  try {
    // The one decode: upright, sRGB, cut square at the largest size, centred on what draws the eye.
    const { data, info } = await sharp(input, { limitInputPixels: profilePhotoRules.maxPixels, failOn: 'error', sequentialRead: true })
      .autoOrient()
      .resize(largest, largest, { fit: 'cover', position: sharp.strategy.attention })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    const square = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
    const files: PhotoFile[] = [];
    // One after the other: each is a small encode, and in turn they hold one output at a time.
    for (const side of sides) {
      const sized = side === largest ? square() : square().resize(side, side);
      files.push(fileOf(await sized.webp({ quality: 80 }).toBuffer(), 'webp', side));
    }
    files.push(fileOf(await square().jpeg({ quality: 82, mozjpeg: true }).toBuffer(), 'jpeg', largest));
    const hash = createHash('sha256');
    for (const file of files) hash.update(file.key);
    return { hash: hash.digest('hex'), width, height, files };
  } catch {
    // The header read, but the pixels do not decode: a truncated or corrupt file.
    throw notAnImage();
  }
}

function fileOf(body: Buffer, format: 'webp' | 'jpeg', width: number): PhotoFile {
  const digest = createHash('sha256').update(body).digest('hex');
  return {
    key: `photos/${digest}.${format === 'jpeg' ? 'jpg' : 'webp'}`,
    body,
    contentType: format === 'jpeg' ? 'image/jpeg' : 'image/webp',
    format,
    width,
  };
}
