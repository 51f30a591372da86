import { randomBytes } from 'node:crypto';
import exifReader from 'exif-reader';
import sharp from 'sharp';
import type { ListingCard, TeacherPage } from '@kalike/shared/contracts/teacher-listings';
import type { TeacherProfile, TeacherProfileBody } from '@kalike/shared/contracts/teacher-profile';
import { profilePhotoRules } from '@kalike/shared/domain/teacher-profile-values';
import { seedPhones, wellKnownLearners, wellKnownTeacher } from '../../db/seed/accounts';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { caller } from '../../testing/enquiry-fixtures';
import { expectError, type Call } from '../../testing/enquiry-parties';
import { flatPng } from '../../testing/hostile-png';
import { changedTeacherSlugs, pageChangesCursor } from '../../testing/page-changes';
import { PAYMENT_TEST_NOW } from '../../testing/payment-fixtures';
import { signIn } from '../../testing/sign-in';
import { profileChanges } from './teacher-profile.service';

const profileUrl = '/v1/teachers/me/profile';
const photoUrl = '/v1/teachers/me/photo';

const body = (overrides: Partial<TeacherProfileBody> = {}): TeacherProfileBody => ({
  name: 'Priya Raman',
  bio: 'I teach Carnatic vocals to children and adults.',
  experienceYears: 9,
  languages: ['English', 'Kannada'],
  qualifications: ['Vidwat in Carnatic music'],
  ...overrides,
});

describe('profileChanges', () => {
  test('accepts a name in Kannada, trims it and keeps single spaces', () => {
    expect(profileChanges(body({ name: '  ಪ್ರಿಯಾ   ರಾಮನ್ ' })).name).toBe('ಪ್ರಿಯಾ ರಾಮನ್');
  });

  test.each([[''], ['   '], ['A'], ['1234'], ['x'.repeat(81)], ['Pri\u0000ya']])('refuses the name %j', (name) => {
    expect(() => profileChanges(body({ name }))).toThrow(expect.objectContaining({ code: 'VALIDATION_ERROR', statusCode: 400 }));
  });

  test('counts characters, not UTF-16 units: 80 Kannada letters are a valid name', () => {
    expect([...profileChanges(body({ name: 'ಕ'.repeat(80) })).name]).toHaveLength(80);
  });

  test('keeps languages in the fixed list order and needs one', () => {
    expect(profileChanges(body({ languages: ['Tamil', 'English', 'Kannada'] })).languages).toEqual(['English', 'Kannada', 'Tamil']);
    expect(() => profileChanges(body({ languages: [] }))).toThrow(expect.objectContaining({ code: 'VALIDATION_ERROR' }));
  });

  test('trims qualifications, drops empty lines and repeats, and bounds them', () => {
    expect(profileChanges(body({ qualifications: ['  MA,  Music ', '', 'MA, Music', ' '] })).qualifications).toEqual(['MA, Music']);
    expect(() => profileChanges(body({ qualifications: ['x'.repeat(121)] }))).toThrow(expect.objectContaining({ code: 'VALIDATION_ERROR' }));
    const eleven = Array.from({ length: 11 }, (_, index) => `Certificate ${index}`);
    expect(() => profileChanges(body({ qualifications: eleven }))).toThrow(expect.objectContaining({ code: 'VALIDATION_ERROR' }));
  });

  test('keeps paragraphs of the bio and refuses one longer than the limit', () => {
    expect(profileChanges(body({ bio: ' First.\r\n\r\n\r\n\r\nSecond. ' })).bio).toBe('First.\n\nSecond.');
    expect(() => profileChanges(body({ bio: 'a'.repeat(1501) }))).toThrow(expect.objectContaining({ code: 'VALIDATION_ERROR' }));
  });
});

/** A multipart upload of one file, as a phone's browser sends it. */
function upload(content: Buffer, filename: string, contentType: string, field = 'photo') {
  const boundary = `----kalike${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A 400×300 JPEG taken "sideways" (EXIF orientation 6) with the place it was taken in GPS EXIF. */
function jpegWithGps(colour = '#c0392b'): Promise<Buffer> {
  return sharp({ create: { width: 400, height: 300, channels: 3, background: colour } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Copyright: 'Family photo', Artist: 'Priya' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '12/1 58/1 17/1', GPSLongitudeRef: 'E', GPSLongitude: '77/1 38/1 26/1' },
    })
    .toBuffer();
}

describe("a teacher's profile and photo", () => {
  let testApp: TestApp;
  let teacher: Call;
  let otherTeacher: Call;
  let learner: Call;
  let teacherId: string;
  let otherTeacherId: string;
  let address = 0;

  const teacherOfPhone = async (phone: string) =>
    (await testApp.db.selectFrom('users').select('teacher_id').where('phone', '=', phone).executeTakeFirstOrThrow()).teacher_id ?? '';
  let tokens: Map<Call, string>;
  const put = (who: Call, request: { payload: Buffer; headers: Record<string, string> }) =>
    testApp.app.inject({ method: 'PUT', url: photoUrl, payload: request.payload, headers: { ...request.headers, authorization: `Bearer ${tokens.get(who)}` } });
  const get = (url: string) => testApp.app.inject({ method: 'GET', url });
  const teacherRow = (id: string) =>
    testApp.db
      .selectFrom('teachers')
      .select([
        'name',
        'bio',
        'experience_years',
        'languages',
        'qualifications',
        'photo_url',
        'photo_width',
        'photo_height',
        'photo_hash',
        'photo_files',
        'slug',
      ])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const teacherPage = async (id: string) => (await get(`/v1/marketplace/teacherListings/slug/${(await teacherRow(id)).slug}`)).json() as TeacherPage;
  /** The teacher's card as a learner sees it in their category, next to the listing. */
  async function cardOf(id: string): Promise<ListingCard> {
    const listing = await testApp.db
      .selectFrom('teacher_listings as l')
      .innerJoin('categories as c', 'c.id', 'l.category_id')
      .select(['l.id', 'l.lat', 'l.lng', 'c.slug'])
      .where('l.teacher_id', '=', id)
      .where('l.is_active', '=', true)
      .orderBy('l.id')
      .executeTakeFirstOrThrow();
    const response = await get(`/v1/marketplace/categories/${listing.slug}/teacherListings?lat=${listing.lat}&long=${listing.lng}&limit=50`);
    expect(response.statusCode).toBe(200);
    const card = (response.json() as { listings: ListingCard[] }).listings.find((each) => each.id === listing.id);
    if (!card) throw new Error('The listing is not on its category page');
    return card;
  }

  beforeAll(async () => {
    testApp = await buildTestApp({ now: () => PAYMENT_TEST_NOW });
    teacherId = await teacherOfPhone(wellKnownTeacher.phone);
    otherTeacherId = await teacherOfPhone(seedPhones.teacher(1));
    tokens = new Map();
    const signed = async (phone: string) => {
      const token = (await signIn(testApp.app, phone, `10.9.1.${++address}`)).tokens.accessToken;
      const call = caller(testApp.app, token);
      tokens.set(call, token);
      return call;
    };
    teacher = await signed(wellKnownTeacher.phone);
    otherTeacher = await signed(seedPhones.teacher(1));
    learner = await signed(wellKnownLearners.asha.phone);
  });

  afterAll(async () => {
    await testApp.close();
  });

  test('a teacher reads their own profile, not kept by caches', async () => {
    const response = await teacher('GET', profileUrl);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const row = await teacherRow(teacherId);
    expect(response.json()).toEqual({
      name: row.name,
      bio: row.bio,
      experienceYears: row.experience_years,
      languages: row.languages,
      qualifications: [],
      photo: null,
      pagePath: expect.stringMatching(new RegExp(`^/discover/bengaluru/[a-z-]+/teachers/${row.slug}$`)),
    });
  });

  test('learners and signed-out callers cannot read or change a teaching profile', async () => {
    expectError(await learner('GET', profileUrl), 403, 'FORBIDDEN');
    expectError(await learner('PUT', profileUrl, body()), 403, 'FORBIDDEN');
    expectError(await put(learner, upload(await jpegWithGps(), 'me.jpg', 'image/jpeg')), 403, 'FORBIDDEN');
    expectError(await learner('DELETE', photoUrl), 403, 'FORBIDDEN');
    expectError(await get(profileUrl), 401, 'UNAUTHORIZED');
  });

  test('a teacher changes only their own profile, and learners see it at once', async () => {
    const otherBefore = await teacherRow(otherTeacherId);
    const pageBefore = await teacherPage(teacherId);
    const cardBefore = await cardOf(teacherId);
    expect(pageBefore.teacher.name).not.toBe('ಪ್ರಿಯಾ ರಾಮನ್');

    const response = await teacher(
      'PUT',
      profileUrl,
      body({ name: ' ಪ್ರಿಯಾ ರಾಮನ್ ', languages: ['Kannada', 'English'], qualifications: [' Vidwat in Carnatic music ', ''] }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'ಪ್ರಿಯಾ ರಾಮನ್',
      experienceYears: 9,
      languages: ['English', 'Kannada'],
      qualifications: ['Vidwat in Carnatic music'],
    });
    expect(await teacherRow(otherTeacherId)).toEqual(otherBefore);

    // The marketplace answers above were cached; the change cleared them.
    const page = await teacherPage(teacherId);
    expect(page.teacher).toMatchObject({ name: 'ಪ್ರಿಯಾ ರಾಮನ್', bio: body().bio, experienceYears: 9, qualifications: ['Vidwat in Carnatic music'] });
    expect((await cardOf(teacherId)).teacher.name).toBe('ಪ್ರಿಯಾ ರಾಮನ್');
    expect(cardBefore.teacher.name).toBe(pageBefore.teacher.name);
    // Search finds the teacher by the new name.
    const listings = await testApp.db.selectFrom('teacher_listings').select('search_text').where('teacher_id', '=', teacherId).execute();
    for (const listing of listings) expect(listing.search_text).toContain('ಪ್ರಿಯಾ ರಾಮನ್');
  });

  test.each([
    ['a language not on the list', { languages: ['Klingon'] }],
    ['no language', { languages: [] }],
    ['an empty name', { name: '   ' }],
    ['a negative experience', { experienceYears: -1 }],
    ['an unknown field', { photoUrl: 'https://example.com/me.jpg' }],
  ])('refuses %s with a sentence', async (_what, overrides) => {
    const before = await teacherRow(teacherId);
    const response = await teacher('PUT', profileUrl, { ...body(), ...overrides });
    expectError(response, 400, 'VALIDATION_ERROR');
    expect(await teacherRow(teacherId)).toEqual(before);
  });

  test('an uploaded photo is turned upright, cut into square sizes, stripped of GPS and every other metadata', async () => {
    const original = await jpegWithGps();
    const exif = exifReader((await sharp(original).metadata()).exif!);
    expect(exif.GPSInfo?.GPSLatitude).toEqual([12, 58, 17]);

    const response = await put(teacher, upload(original, 'IMG_2041.jpg', 'image/jpeg'));
    expect(response.statusCode).toBe(200);
    const profile = response.json() as TeacherProfile;
    // Upright, the 400×300 sideways photo is 300×400: its short side caps the largest size.
    expect(profile.photo).toEqual({
      url: expect.stringMatching(/^\/media\/photos\/[0-9a-f]{64}\.webp$/),
      width: 192,
      height: 192,
      srcset: [
        { url: expect.any(String), width: 96 },
        { url: profile.photo?.url, width: 192 },
        { url: expect.any(String), width: 300 },
      ],
    });
    const row = await teacherRow(teacherId);
    expect({ width: row.photo_width, height: row.photo_height }).toEqual({ width: 300, height: 400 });
    expect(row.photo_url).toMatch(/^\/media\/photos\/[0-9a-f]{64}\.jpg$/);
    expect(row.photo_files).toHaveLength(4);

    for (const file of row.photo_files) {
      const served = await get(file.url);
      expect(served.statusCode).toBe(200);
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['content-type']).toBe(file.format === 'jpeg' ? 'image/jpeg' : 'image/webp');
      const stored = await sharp(served.rawPayload).metadata();
      expect({ format: stored.format, width: stored.width, height: stored.height }).toEqual({ format: file.format, width: file.width, height: file.width });
      expect({ exif: stored.exif, xmp: stored.xmp, iptc: stored.iptc, icc: stored.icc, orientation: stored.orientation }).toEqual({
        exif: undefined,
        xmp: undefined,
        iptc: undefined,
        icc: undefined,
        orientation: undefined,
      });
      expect(served.rawPayload.includes(Buffer.from('Family photo'))).toBe(false);
    }

    // Learners see it on the teacher page and the cards at once, with every size.
    const page = await teacherPage(teacherId);
    expect(page.teacher.photo).toEqual(profile.photo);
    expect(page.teacher.photoUrl).toBe(row.photo_url);
    expect((await cardOf(teacherId)).teacher.photo).toEqual(profile.photo);
  });

  test('a profile edit, a removed photo and a new photo each name the teacher in the page-change feed; a refused edit does not', async () => {
    const { slug } = await teacherRow(teacherId);
    const png = await sharp({ create: { width: 640, height: 640, channels: 3, background: '#117a65' } })
      .png()
      .toBuffer();
    const steps: [string, () => Promise<{ statusCode: number }>][] = [
      ['profile edit', () => teacher('PUT', profileUrl, body({ bio: 'I teach Carnatic vocals, and now veena too.' }))],
      ['removed photo', () => teacher('DELETE', photoUrl)],
      // Last, so the teacher has a photo again for the tests after this one.
      ['new photo', () => put(teacher, upload(png, 'me.png', 'image/png'))],
    ];
    for (const [what, step] of steps) {
      const cursor = await pageChangesCursor(testApp.app);
      expect({ what, status: (await step()).statusCode }).toEqual({ what, status: 200 });
      expect({ what, changed: await changedTeacherSlugs(testApp.app, cursor) }).toEqual({ what, changed: [slug] });
    }

    const cursor = await pageChangesCursor(testApp.app);
    expectError(await teacher('PUT', profileUrl, body({ name: '   ' })), 400, 'VALIDATION_ERROR');
    expect(await changedTeacherSlugs(testApp.app, cursor)).toEqual([]);
  });

  test('a new photo replaces the old one, whose files are removed; removing the photo brings the initials back', async () => {
    const before = await teacherRow(teacherId);
    expect(before.photo_files.length).toBeGreaterThan(0);
    const response = await put(
      teacher,
      upload(
        await sharp({ create: { width: 640, height: 640, channels: 3, background: '#2e86c1' } })
          .png()
          .toBuffer(),
        'me.png',
        'image/png',
      ),
    );
    expect(response.statusCode).toBe(200);
    expect((response.json() as TeacherProfile).photo?.srcset.map((size) => size.width)).toEqual([96, 192, 480]);
    for (const file of before.photo_files) expect((await get(file.url)).statusCode).toBe(404);
    const current = await teacherRow(teacherId);
    for (const file of current.photo_files) expect((await get(file.url)).statusCode).toBe(200);

    const removed = await teacher('DELETE', photoUrl);
    expect(removed.statusCode).toBe(200);
    expect((removed.json() as TeacherProfile).photo).toBeNull();
    expect(await teacherRow(teacherId)).toMatchObject({ photo_url: null, photo_hash: null, photo_files: [] });
    for (const file of current.photo_files) expect((await get(file.url)).statusCode).toBe(404);
    expect((await teacherPage(teacherId)).teacher).toMatchObject({ photo: null, photoUrl: null });
  });

  test('files two teachers share stay while either uses them', async () => {
    const same = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#27ae60' } })
      .png()
      .toBuffer();
    expect((await put(teacher, upload(same, 'a.png', 'image/png'))).statusCode).toBe(200);
    expect((await put(otherTeacher, upload(same, 'b.png', 'image/png'))).statusCode).toBe(200);
    const shared = await teacherRow(otherTeacherId);
    expect((await teacher('DELETE', photoUrl)).statusCode).toBe(200);
    for (const file of shared.photo_files) expect((await get(file.url)).statusCode).toBe(200);
    expect((await otherTeacher('DELETE', photoUrl)).statusCode).toBe(200);
    for (const file of shared.photo_files) expect((await get(file.url)).statusCode).toBe(404);
  });

  test(`a photo over ${profilePhotoRules.maxBytes} bytes is 413, and nothing changes`, async () => {
    const before = await teacherRow(teacherId);
    const huge = Buffer.concat([await jpegWithGps(), randomBytes(profilePhotoRules.maxBytes)]);
    expectError(await put(teacher, upload(huge, 'big.jpg', 'image/jpeg')), 413, 'PHOTO_TOO_LARGE');
    expect(await teacherRow(teacherId)).toEqual(before);
  });

  test('a text file named .jpg is not a photo, whatever it says it is', async () => {
    const text = Buffer.from('These are my class notes, not a photo.\n'.repeat(50));
    expectError(await put(teacher, upload(text, 'notes.jpg', 'image/jpeg')), 415, 'PHOTO_NOT_AN_IMAGE');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><rect width="400" height="400"/></svg>');
    expectError(await put(teacher, upload(svg, 'me.png', 'image/png')), 415, 'PHOTO_NOT_AN_IMAGE');
    const truncated = (await jpegWithGps()).subarray(0, 600);
    expectError(await put(teacher, upload(truncated, 'cut.jpg', 'image/jpeg')), 415, 'PHOTO_NOT_AN_IMAGE');
  });

  test.each([
    ['too small', 150, 150, 'at least 200×200'],
    ['too large', 6001, 200, 'at most 6000×6000'],
  ])('a photo %s is 400 with a sentence', async (_what, width, height, sentence) => {
    const image = await sharp({ create: { width, height, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
    expectError(await put(teacher, upload(image, 'me.png', 'image/png')), 400, 'PHOTO_WRONG_SIZE', sentence);
  });

  test('the 6000×6000 16-bit interlaced PNG is refused from its header with a sentence, and nothing changes', async () => {
    const before = await teacherRow(teacherId);
    const attack = await flatPng({ width: 6000, height: 6000, bitDepth: 16, interlaced: true });
    expectError(await put(teacher, upload(attack, 'me.png', 'image/png')), 400, 'PHOTO_WRONG_SIZE', 'it can be at most 25 megapixels');
    const deep = await flatPng({ width: 600, height: 600, bitDepth: 16, interlaced: true });
    expectError(await put(teacher, upload(deep, 'me.png', 'image/png')), 400, 'PHOTO_TOO_DEEP', '16 bits per colour');
    expect(await teacherRow(teacherId)).toEqual(before);
  });

  test('eight large photos at once: one is decoded at a time, three wait, the rest are told to come back with Retry-After', async () => {
    const largest = await flatPng({ width: 5000, height: 5000, bitDepth: 8, interlaced: false });
    const responses = await Promise.all(Array.from({ length: 8 }, () => put(teacher, upload(largest, 'me.png', 'image/png'))));
    const saved = responses.filter((response) => response.statusCode === 200);
    const busy = responses.filter((response) => response.statusCode === 503);
    expect(saved.length + busy.length).toBe(8);
    expect(saved.length).toBeGreaterThanOrEqual(1);
    expect(saved.length).toBeLessThanOrEqual(4);
    for (const response of busy) {
      expect(response.json()).toEqual({
        statusCode: 503,
        code: 'PHOTOS_BUSY',
        message: 'Many photos are being processed just now. Try again in a few seconds.',
        retryAfterSeconds: 5,
      });
      expect(response.headers['retry-after']).toBe('5');
    }
    // The last photo saved is the one the profile shows, and its files are all there.
    const row = await teacherRow(teacherId);
    for (const file of row.photo_files) expect((await get(file.url)).statusCode).toBe(200);
  });

  test('a photo must come as a multipart upload in the field "photo"', async () => {
    expectError(await teacher('PUT', photoUrl, { photo: 'data:image/jpeg;base64,AAAA' }), 400, 'PHOTO_MISSING');
    expectError(await put(teacher, upload(await jpegWithGps(), 'me.jpg', 'image/jpeg', 'picture')), 400, 'PHOTO_MISSING');
  });

  test('only files the API wrote are served', async () => {
    expect((await get(`/media/photos/${'0'.repeat(64)}.webp`)).statusCode).toBe(404);
    expect((await get('/media/photos/..%2F..%2Fpackage.json')).statusCode).toBe(404);
    expect((await get('/media/photos/notes.txt')).statusCode).toBe(404);
  });
});
