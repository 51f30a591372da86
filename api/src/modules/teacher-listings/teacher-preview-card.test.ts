import { buildTestApp, TEST_ANCHOR_DATE, type TestApp } from '../../testing/build-test-app';
import { teacherPreviewCardOf, teacherPreviewCardVersion, type TeacherPreviewCard } from './teacher-preview-card';
import { createTeacherPreviewCardImages, renderTeacherPreviewCard } from './teacher-preview-card-image';

const NOW = new Date(`${TEST_ANCHOR_DATE}T04:00:00Z`);
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The size a PNG declares in its first chunk, which must be IHDR. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(0, 8)).toEqual(PNG_SIGNATURE);
  expect(png.toString('latin1', 12, 16)).toBe('IHDR');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

const kiran: TeacherPreviewCard = teacherPreviewCardOf(
  { name: 'Kiran Rao', rating: { average: 4.8125, count: 52 } },
  { categoryName: 'Chess', localityName: 'Indiranagar' },
);

describe('teacher preview card', () => {
  test('draws the name, subject, place and rating as the teacher page words them', () => {
    expect(kiran).toEqual({ name: 'Kiran Rao', subject: 'Chess teacher', place: 'Indiranagar, Bengaluru', rating: { average: '4.8', count: '52 ratings' } });
    const unrated = teacherPreviewCardOf({ name: '  Asha   Nair ', rating: { average: 0, count: 0 } }, { categoryName: 'Dance', localityName: 'HSR Layout' });
    expect(unrated).toMatchObject({ name: 'Asha Nair', rating: null });
    const one = teacherPreviewCardOf({ name: 'Asha Nair', rating: { average: 5, count: 1 } }, { categoryName: 'Dance', localityName: 'HSR Layout' });
    expect(one.rating).toEqual({ average: '5.0', count: '1 rating' });
  });

  test('its version follows what is drawn, not the figures behind it', () => {
    const version = teacherPreviewCardVersion(kiran);
    expect(version).toMatch(/^[0-9a-f]{16}$/);
    const sameDrawing = teacherPreviewCardOf(
      { name: 'Kiran Rao', rating: { average: 4.79, count: 52 } },
      { categoryName: 'Chess', localityName: 'Indiranagar' },
    );
    expect(teacherPreviewCardVersion(sameDrawing)).toBe(version);
    expect(teacherPreviewCardVersion({ ...kiran, name: 'Kiran R. Rao' })).not.toBe(version);
    expect(teacherPreviewCardVersion({ ...kiran, rating: { average: '4.9', count: '52 ratings' } })).not.toBe(version);
    expect(teacherPreviewCardVersion({ ...kiran, rating: null })).not.toBe(version);
  });

  test('draws names in Indian scripts, and names too long for the card, as a 1200×630 PNG', async () => {
    const names = [
      'ಕೃಷ್ಣ ಕುಮಾರಿ',
      'सुनीता शर्मा',
      'முருகன் செல்வம்',
      'Nguyễn Thị Hương',
      'Venkatasubramanian Chandrasekharan Iyer Ramachandran Subramaniam Krishnamurthy',
    ];
    for (const png of await Promise.all(names.map((name) => renderTeacherPreviewCard({ ...kiran, name })))) {
      expect(pngSize(png)).toEqual({ width: 1200, height: 630 });
    }
  });

  test("each script's letters are drawn, not left as the same empty boxes", async () => {
    // Two names of one length in one script: a missing font draws both as identical boxes.
    const pairs = [
      ['ಕಕಕ ಕಕ', 'ಖಖಖ ಖಖ'],
      ['कक कक', 'खख खख'],
      ['கக கக', 'சச சச'],
      ['ễễ', 'ộộ'],
    ];
    for (const [first, second] of pairs) {
      const [a, b] = await Promise.all([renderTeacherPreviewCard({ ...kiran, name: first! }), renderTeacherPreviewCard({ ...kiran, name: second! })]);
      expect(a.equals(b)).toBe(false);
    }
  });

  test('an unrated teacher is drawn as new on Kalike, not with an empty rating', async () => {
    const rated = await renderTeacherPreviewCard(kiran);
    const unrated = await renderTeacherPreviewCard({ ...kiran, rating: null });
    expect(pngSize(unrated)).toEqual({ width: 1200, height: 630 });
    expect(unrated.equals(rated)).toBe(false);
  });

  test('a card is drawn once: concurrent and later requests for its version share the drawing', async () => {
    const images = createTeacherPreviewCardImages();
    const version = teacherPreviewCardVersion(kiran);
    const [first, second] = await Promise.all([images.png(kiran, version), images.png(kiran, version)]);
    expect(second).toBe(first);
    expect(await images.png(kiran, version)).toBe(first);
    // A card that no longer fits in the memory given is drawn again.
    const tiny = createTeacherPreviewCardImages({ maxBytes: 1 });
    expect(await tiny.png(kiran, version)).not.toBe(await tiny.png(kiran, version));
  });
});

describe('GET /v1/marketplace/teacherListings/slug/:slug/preview.png', () => {
  let testApp: TestApp;
  let slug: string;
  let teacherId: string;
  let name: string;

  beforeAll(async () => {
    testApp = await buildTestApp({ now: () => NOW });
    const teacher = await testApp.db
      .selectFrom('teachers as t')
      .innerJoin('teacher_listings as l', 'l.teacher_id', 't.id')
      .select(['t.id', 't.slug', 't.name'])
      .where('l.is_active', '=', true)
      .orderBy('t.slug')
      .executeTakeFirstOrThrow();
    ({ slug, id: teacherId, name } = teacher);
  });

  afterAll(async () => {
    await testApp.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) => testApp.app.inject({ method: 'GET', url, headers });
  const rename = (to: string) => testApp.db.updateTable('teachers').set({ name: to }).where('id', '=', teacherId).execute();
  // Pages are kept in the API's response cache for a minute; a point of its own asks past it.
  const pagePreviewPath = async (query = '') => (await get(`/v1/marketplace/teacherListings/slug/${slug}${query}`)).json().teacher.previewImagePath as string;

  test('the teacher page names the card, which is a public 1200×630 PNG with an ETag of what it draws', async () => {
    const path = await pagePreviewPath();
    expect(path).toMatch(new RegExp(`^/v1/marketplace/teacherListings/slug/${slug}/preview\\.png\\?v=[0-9a-f]{16}$`));
    const response = await get(path);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toBe('public, max-age=86400, stale-while-revalidate=604800');
    expect(response.headers.etag).toBe(`"teacher-card-${new URL(path, 'http://x').searchParams.get('v')}"`);
    expect(pngSize(response.rawPayload)).toEqual({ width: 1200, height: 630 });
    // Without a version it is the same card.
    const bare = await get(`/v1/marketplace/teacherListings/slug/${slug}/preview.png`);
    expect(bare.headers.etag).toBe(response.headers.etag);
    expect(bare.rawPayload.equals(response.rawPayload)).toBe(true);
  });

  test('answers 304 with no body to If-None-Match naming its ETag', async () => {
    const { headers } = await get(`/v1/marketplace/teacherListings/slug/${slug}/preview.png`);
    const etag = headers.etag as string;
    const revalidated = await get(`/v1/marketplace/teacherListings/slug/${slug}/preview.png`, { 'if-none-match': `"stale", ${etag}` });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload).toHaveLength(0);
    // A 304 declaring a body length makes the web origins' proxy fail the answer.
    expect(revalidated.headers).not.toHaveProperty('content-length');
    expect(revalidated.headers.etag).toBe(etag);
    const changed = await get(`/v1/marketplace/teacherListings/slug/${slug}/preview.png`, { 'if-none-match': '"teacher-card-0000000000000000"' });
    expect(changed.statusCode).toBe(200);
  });

  test('a changed name gives a new card, ETag and address; a Kannada name is drawn', async () => {
    const before = await get(`/v1/marketplace/teacherListings/slug/${slug}/preview.png`);
    const pathBefore = await pagePreviewPath();
    try {
      await rename('ಕೃಷ್ಣ ಕುಮಾರಿ');
      const after = await get(`/v1/marketplace/teacherListings/slug/${slug}/preview.png`, { 'if-none-match': before.headers.etag as string });
      expect(after.statusCode).toBe(200);
      expect(after.headers.etag).not.toBe(before.headers.etag);
      expect(pngSize(after.rawPayload)).toEqual({ width: 1200, height: 630 });
      expect(after.rawPayload.equals(before.rawPayload)).toBe(false);
      expect(await pagePreviewPath('?lat=12.97&long=77.6')).not.toBe(pathBefore);
    } finally {
      await rename(name);
    }
  });

  test('unknown teachers and teachers with no active listing are 404; a malformed slug or version is 400', async () => {
    const unknown = await get('/v1/marketplace/teacherListings/slug/nobody-here-1/preview.png');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'TEACHER_NOT_FOUND', message: expect.any(String) });

    const unlisted = await testApp.db
      .insertInto('teachers')
      .values({
        slug: 'unlisted-card-teacher',
        name: 'Unlisted Teacher',
        bio: '',
        experience_years: 1,
        phone: '+919800000098',
        languages: ['English'],
        rating_avg: 0,
        rating_count: 0,
        main_category_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      const hidden = await get('/v1/marketplace/teacherListings/slug/unlisted-card-teacher/preview.png');
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json()).toMatchObject({ code: 'TEACHER_NOT_FOUND' });
    } finally {
      await testApp.db.deleteFrom('teachers').where('id', '=', unlisted.id).execute();
    }

    for (const url of [
      '/v1/marketplace/teacherListings/slug/Not_A_Slug/preview.png',
      `/v1/marketplace/teacherListings/slug/${slug}/preview.png?v=NOT-HEX`,
      `/v1/marketplace/teacherListings/slug/${slug}/preview.png?size=large`,
    ]) {
      const response = await get(url);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.any(String) });
    }
  });
});
