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
const decodable = new Set(['jpeg', 'png', 'webp']);

export const photoTooLarge = () =>
  new DomainError('PHOTO_TOO_LARGE', `The photo is larger than ${megabytes(profilePhotoRules.maxBytes)}. Choose a smaller one.`, 413);
const notAnImage = () => new DomainError('PHOTO_NOT_AN_IMAGE', 'That file is not a photo we can use. Choose a JPEG, PNG or WebP image.', 415);

/**
 * Checks an uploaded photo by its bytes (whatever its name says) and makes the files the pages
 * use: squares of each size in `profilePhotoRules.sizes` (the largest no bigger than the photo
 * allows), as WebP, and the largest again as JPEG for link previews. It is turned upright by
 * its EXIF orientation first; nothing of the upload's metadata (EXIF with GPS, XMP, IPTC, ICC
 * profiles) is copied: sharp writes none unless asked, and colours are converted to sRGB.
 */
export async function processProfilePhoto(input: Buffer): Promise<ProcessedPhoto> {
  if (input.byteLength > profilePhotoRules.maxBytes) throw photoTooLarge();
  let metadata: Metadata;
  try {
    metadata = await sharp(input).metadata();
  } catch {
    throw notAnImage();
  }
  if (!decodable.has(metadata.format)) throw notAnImage();
  const { width, height } = metadata.autoOrient;
  const { minSide, maxSide } = profilePhotoRules;
  if (Math.min(width, height) < minSide) {
    throw new DomainError('PHOTO_WRONG_SIZE', `The photo is ${width}×${height} pixels; it must be at least ${minSide}×${minSide}.`, 400);
  }
  if (Math.max(width, height) > maxSide) {
    throw new DomainError('PHOTO_WRONG_SIZE', `The photo is ${width}×${height} pixels; it can be at most ${maxSide}×${maxSide}.`, 400);
  }

  const shortSide = Math.min(width, height);
  const sides = [...new Set(profilePhotoRules.sizes.map((size) => Math.min(size, shortSide)))];
  const largest = Math.max(...sides);
  try {
    // Decode and turn upright once; every size is cut from that, centred on what draws the eye.
    const upright = sharp(input, { limitInputPixels: maxSide * maxSide, failOn: 'error' })
      .autoOrient()
      .toColourspace('srgb');
    const square = (side: number) => upright.clone().resize(side, side, { fit: 'cover', position: sharp.strategy.attention });
    const files = await Promise.all([
      ...sides.map(async (side) => fileOf(await square(side).webp({ quality: 80 }).toBuffer(), 'webp', side)),
      square(largest)
        .jpeg({ quality: 82, mozjpeg: true })
        .toBuffer()
        .then((body) => fileOf(body, 'jpeg', largest)),
    ]);
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
