import sharp from 'sharp';
import { profilePhotoRules } from '@kalike/shared/domain/teacher-profile-values';
import { defaultMediaConfig } from '../../config';
import { createBoundedQueue } from '../../shared/bounded-queue';
import { flatPng } from '../../testing/hostile-png';
import { checkPhotoHeader, photosBusy, processProfilePhoto } from './profile-photo';

const MB = 1024 * 1024;

/**
 * What the process's resident memory rose to above where it started while `work` ran, sampled
 * every few milliseconds (sharp decodes on libuv's threads, so the sampling timer keeps running).
 */
async function peakRssGrowth<T>(work: () => Promise<T>): Promise<{ result: T; growth: number }> {
  const start = process.memoryUsage.rss();
  let peak = start;
  const sample = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 2);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { result, growth: peak - start };
  } finally {
    clearInterval(sample);
  }
}

const refusal = (code: string, statusCode = 400) => expect.objectContaining({ code, statusCode });

describe('a hostile photo is refused from its header, before any pixel is decoded', () => {
  test('the 6000×6000 16-bit interlaced PNG (216 MB of pixels in a file of a few hundred KB) costs almost no memory', async () => {
    const attack = await flatPng({ width: 6000, height: 6000, bitDepth: 16, interlaced: true });
    expect(attack.byteLength).toBeLessThan(profilePhotoRules.maxBytes);
    const { result, growth } = await peakRssGrowth(() => Promise.all([1, 2, 3, 4].map(() => checkPhotoHeader(attack).catch((error: unknown) => error))));
    for (const error of result) expect(error).toEqual(refusal('PHOTO_WRONG_SIZE'));
    expect((result[0] as Error).message).toBe('The photo is 6000×6000 pixels (36 megapixels); it can be at most 25 megapixels. Choose a smaller one.');
    // Four at once: reading headers, not pixels (decoding one would take over 200 MB).
    expect(growth).toBeLessThan(24 * MB);
  });

  test('more than 8 bits per channel is refused at any size', async () => {
    const deep = await flatPng({ width: 400, height: 400, bitDepth: 16, interlaced: false });
    await expect(checkPhotoHeader(deep)).rejects.toEqual(refusal('PHOTO_TOO_DEEP'));
    await expect(checkPhotoHeader(deep)).rejects.toThrow('The photo has 16 bits per colour; we take at most 8.');
  });

  test(`an interlaced PNG is refused above ${profilePhotoRules.maxInterlacedPixels} pixels and taken below`, async () => {
    const big = await flatPng({ width: 2500, height: 2000, bitDepth: 8, interlaced: true });
    await expect(checkPhotoHeader(big)).rejects.toEqual(refusal('PHOTO_INTERLACED'));
    await expect(checkPhotoHeader(big)).rejects.toThrow('The photo is an interlaced PNG of 5 megapixels; interlaced PNGs can be at most 4 megapixels.');
    const small = await flatPng({ width: 2000, height: 2000, bitDepth: 8, interlaced: true });
    await expect(checkPhotoHeader(small)).resolves.toEqual({ width: 2000, height: 2000 });
  });
});

describe('an allowed photo is decoded once, to the largest size, one at a time', () => {
  test('the largest allowed PNG (25 megapixels) makes every size within a bounded memory figure, four at once too', async () => {
    const largest = await flatPng({ width: 5000, height: 5000, bitDepth: 8, interlaced: false });
    const header = await checkPhotoHeader(largest);
    expect(header).toEqual({ width: 5000, height: 5000 });

    const one = await peakRssGrowth(() => processProfilePhoto(largest, header));
    expect(one.result.files.map((file) => [file.format, file.width])).toEqual([
      ['webp', 96],
      ['webp', 192],
      ['webp', 480],
      ['jpeg', 480],
    ]);
    for (const file of one.result.files) {
      expect(await sharp(file.body).metadata()).toMatchObject({ width: file.width, height: file.width });
    }
    // Decoded in one streamed pass: the 75 MB of pixels are never held at once (about 30 MB measured).
    expect(one.growth).toBeLessThan(48 * MB);

    // Four at once through the queue: libvips works on one photo at a time (its own counter of
    // images in progress, sampled). Memory may still rise above one photo's: each photo may run
    // on another of libuv's four threads, and the allocator keeps freed memory per thread, so the
    // bound is one photo's worth per thread (measured 28–86 MB; 1.2 GB before the queue).
    const queue = createBoundedQueue({ ...defaultMediaConfig.photoQueue, refused: photosBusy });
    let inProgress = 0;
    const count = setInterval(() => {
      inProgress = Math.max(inProgress, sharp.counters().process);
    }, 1);
    const four = await peakRssGrowth(() => Promise.all([1, 2, 3, 4].map(() => queue.run(() => processProfilePhoto(largest, header)))));
    clearInterval(count);
    expect(four.result).toHaveLength(4);
    expect(inProgress).toBe(1);
    expect(four.growth).toBeLessThan(128 * MB);
  });

  test('a photo turned sideways by EXIF keeps its upright size, and a small one is not enlarged', async () => {
    const sideways = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#c0392b' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const header = await checkPhotoHeader(sideways);
    expect(header).toEqual({ width: 300, height: 400 });
    const photo = await processProfilePhoto(sideways, header);
    expect(photo.files.map((file) => [file.format, file.width])).toEqual([
      ['webp', 96],
      ['webp', 192],
      ['webp', 300],
      ['jpeg', 300],
    ]);
  });
});

describe('the photo queue', () => {
  test('runs one photo at a time, lets three wait and refuses the next with 503 and a wait', async () => {
    const queue = createBoundedQueue({ ...defaultMediaConfig.photoQueue, refused: photosBusy });
    let running = 0;
    let most = 0;
    const releases: (() => void)[] = [];
    const job = () =>
      queue.run(async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running -= 1;
      });
    const accepted = [job(), job(), job(), job()];
    expect(queue.size).toEqual({ running: 1, waiting: 3 });
    expect(queue.full).toBe(true);
    await expect(job()).rejects.toEqual(
      expect.objectContaining({
        code: 'PHOTOS_BUSY',
        statusCode: 503,
        details: { retryAfterSeconds: 5 },
        message: 'Many photos are being processed just now. Try again in a few seconds.',
      }),
    );
    while (releases.length > 0 || queue.size.running > 0) {
      releases.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    await Promise.all(accepted);
    expect(most).toBe(1);
    expect(queue.size).toEqual({ running: 0, waiting: 0 });
    expect(queue.full).toBe(false);
  });

  test('a failed job frees its turn', async () => {
    const queue = createBoundedQueue({ concurrency: 1, maxWaiting: 0, refused: photosBusy });
    await expect(queue.run(() => Promise.reject(new Error('corrupt')))).rejects.toThrow('corrupt');
    await expect(queue.run(() => Promise.resolve('next'))).resolves.toBe('next');
  });
});
