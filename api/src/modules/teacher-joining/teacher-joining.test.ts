import type { InjectOptions } from 'fastify';
import { wellKnownTeacher } from '../../db/seed/accounts';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { signIn } from '../../testing/sign-in';

describe('joining as a teacher', () => {
  let testApp: TestApp;
  let phoneCounter = 0;
  const newPhone = () => `+9198453${String(10_000 + phoneCounter++).padStart(5, '0')}`;
  let ipCounter = 0;
  const newIp = () => `10.3.${Math.floor(ipCounter / 200)}.${(ipCounter++ % 200) + 1}`;
  let categoryId = '';
  let otherCategoryId = '';
  let locality = { id: '', slug: '' };
  let apartment = { slug: '', localityId: '' };

  beforeAll(async () => {
    testApp = await buildTestApp();
    const categories = await testApp.db.selectFrom('categories').select('id').orderBy('sort_order').limit(2).execute();
    categoryId = categories[0]?.id ?? '';
    otherCategoryId = categories[1]?.id ?? '';
    locality = await testApp.db.selectFrom('localities').select(['id', 'slug']).orderBy('slug').executeTakeFirstOrThrow();
    const row = await testApp.db.selectFrom('apartments').select(['slug', 'locality_id']).orderBy('slug').executeTakeFirstOrThrow();
    apartment = { slug: row.slug, localityId: row.locality_id };
  });

  afterAll(async () => {
    await testApp.close();
  });

  const inject = (options: InjectOptions) => testApp.app.inject(options);
  const join = (accessToken: string | undefined, payload: object) =>
    inject({ method: 'POST', url: '/v1/teachers/join', headers: accessToken ? { authorization: `Bearer ${accessToken}` } : {}, payload });
  const newLearner = async () => signIn(testApp.app, newPhone(), newIp());
  const teacherRows = (phone: string) => testApp.db.selectFrom('teachers').selectAll().where('phone', '=', phone).execute();

  test('a new learner becomes a teacher: an empty profile, linked to the phone, and a teacher sign-in', async () => {
    const phone = newPhone();
    const learner = await signIn(testApp.app, phone, newIp());
    const response = await join(learner.tokens.accessToken, { name: '  Meera   Nair ', categoryId, place: { kind: 'locality', slug: locality.slug } });
    expect(response.statusCode).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json();
    expect(body).toEqual({
      teacher: { id: expect.any(String), slug: 'meera-nair', name: 'Meera Nair' },
      user: {
        userType: 'Teacher',
        learnerAccount: { id: learner.user.learnerAccount?.id, name: '', isCustomer: false },
        teacher: { id: body.teacher.id, name: 'Meera Nair' },
        isAdmin: false,
      },
      tokens: { accessToken: expect.any(String), refreshToken: expect.any(String), accessTokenExpiresAt: expect.any(String) },
    });

    const [row] = await teacherRows(phone);
    expect(row).toMatchObject({
      id: body.teacher.id,
      name: 'Meera Nair',
      bio: '',
      experience_years: 0,
      photo_url: null,
      languages: [],
      main_category_id: categoryId,
      locality_id: locality.id,
    });
    const user = await testApp.db.selectFrom('users').select(['teacher_id', 'user_type']).where('phone', '=', phone).executeTakeFirstOrThrow();
    expect(user).toEqual({ teacher_id: body.teacher.id, user_type: 'Teacher' });

    // The new sign-in is a teacher's: the workspace's routes answer it.
    const inbox = await inject({
      method: 'GET',
      url: '/v1/marketplace/enquiries/teacher/inbox',
      headers: { authorization: `Bearer ${body.tokens.accessToken}` },
    });
    expect(inbox.statusCode).toBe(200);
  });

  test('the subject and locality given when joining are what the first listing starts from', async () => {
    const learner = await newLearner();
    const joined = (await join(learner.tokens.accessToken, { name: 'Kavya Menon', categoryId, place: { kind: 'apartment', slug: apartment.slug } })).json();
    const listings = await inject({ method: 'GET', url: '/v1/teachers/me/listings', headers: { authorization: `Bearer ${joined.tokens.accessToken}` } });
    expect(listings.statusCode).toBe(200);
    const { slug, name, pincode, lat, lng } = await testApp.db
      .selectFrom('localities')
      .select(['slug', 'name', 'pincode', 'lat', 'lng'])
      .where('id', '=', apartment.localityId)
      .executeTakeFirstOrThrow();
    // An apartment's locality is kept: a listing is based in a locality.
    expect(listings.json()).toEqual({
      items: [],
      joinedWith: {
        categoryId,
        locality: { kind: 'locality', id: apartment.localityId, slug, name, pincode, coords: { lat, lng }, address: `${name}, Bengaluru ${pincode}` },
      },
    });

    const withoutPlace = (await join((await newLearner()).tokens.accessToken, { name: 'Rohan Das', categoryId: otherCategoryId })).json();
    const bare = await inject({ method: 'GET', url: '/v1/teachers/me/listings', headers: { authorization: `Bearer ${withoutPlace.tokens.accessToken}` } });
    expect(bare.json().joinedWith).toEqual({ categoryId: otherCategoryId, locality: null });
  });

  test('joining again answers the same teacher (200), whatever is sent, and never makes a second row', async () => {
    const learner = await newLearner();
    const first = await join(learner.tokens.accessToken, { name: 'Arjun Rao', categoryId });
    expect(first.statusCode).toBe(201);
    const again = await join(learner.tokens.accessToken, { name: 'Someone Else', categoryId: otherCategoryId });
    expect(again.statusCode).toBe(200);
    expect(again.json().teacher).toEqual(first.json().teacher);
    // From the teacher sign-in too.
    const fromTeacher = await join(first.json().tokens.accessToken, { name: 'Arjun Rao', categoryId });
    expect(fromTeacher.statusCode).toBe(200);
    expect(fromTeacher.json().teacher.id).toBe(first.json().teacher.id);
    expect(await testApp.db.selectFrom('teachers').select('id').where('name', 'in', ['Arjun Rao', 'Someone Else']).execute()).toHaveLength(1);
  });

  test('concurrent joins of one phone make one teacher', async () => {
    const learner = await newLearner();
    const responses = await Promise.all(Array.from({ length: 5 }, () => join(learner.tokens.accessToken, { name: 'Divya Menon', categoryId })));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(responses.map((response) => response.json().teacher.id)).size).toBe(1);
    expect(await testApp.db.selectFrom('teachers').select('id').where('name', '=', 'Divya Menon').execute()).toHaveLength(1);
  });

  test('a phone that is already a teacher gets its teacher', async () => {
    const teacher = await signIn(testApp.app, wellKnownTeacher.phone, newIp());
    const response = await join(teacher.tokens.accessToken, { name: 'Anything', categoryId });
    expect(response.statusCode).toBe(200);
    expect(response.json().teacher.id).toBe(teacher.user.teacher?.id);
    expect(response.json().user.learnerAccount).toBeNull();
  });

  test('names in any script; one without Latin letters gets a teacher-<id> slug; the same name twice gets two slugs', async () => {
    const kannada = await join((await newLearner()).tokens.accessToken, { name: 'ಪ್ರಿಯಾ ಶರ್ಮಾ', categoryId });
    expect(kannada.statusCode).toBe(201);
    expect(kannada.json().teacher).toMatchObject({ name: 'ಪ್ರಿಯಾ ಶರ್ಮಾ', slug: expect.stringMatching(/^teacher-[0-9a-f]{8}$/) });

    const first = await join((await newLearner()).tokens.accessToken, { name: 'Lakshmi Das', categoryId });
    const second = await join((await newLearner()).tokens.accessToken, { name: 'Lakshmi Das', categoryId });
    expect(first.json().teacher.slug).toBe('lakshmi-das');
    expect(second.json().teacher.slug).toMatch(/^lakshmi-das-[0-9a-f]{6}$/);
  });

  test('an apartment complex is kept as its locality', async () => {
    const response = await join((await newLearner()).tokens.accessToken, {
      name: 'Farah Khan',
      categoryId,
      place: { kind: 'apartment', slug: apartment.slug },
    });
    expect(response.statusCode).toBe(201);
    const row = await testApp.db.selectFrom('teachers').select('locality_id').where('id', '=', response.json().teacher.id).executeTakeFirstOrThrow();
    expect(row.locality_id).toBe(apartment.localityId);
  });

  test('validation: sign-in, name, subject and place are checked, with a sentence', async () => {
    const { tokens } = await newLearner();
    expect((await join(undefined, { name: 'Ravi', categoryId })).statusCode).toBe(401);

    const cases: [object, string][] = [
      [{ name: ' ', categoryId }, 'VALIDATION_ERROR'],
      [{ name: 'R2D2', categoryId }, 'VALIDATION_ERROR'],
      [{ name: '1234', categoryId }, 'VALIDATION_ERROR'],
      [{ name: 'ಅ'.repeat(81), categoryId }, 'VALIDATION_ERROR'],
      [{ name: 'Ravi', categoryId: 'not-a-uuid' }, 'VALIDATION_ERROR'],
      [{ name: 'Ravi' }, 'VALIDATION_ERROR'],
      [{ name: 'Ravi', categoryId, extra: true }, 'VALIDATION_ERROR'],
      [{ name: 'Ravi', categoryId: '7d6f0e4a-3b1c-4d2e-9f80-123456789abc' }, 'CATEGORY_NOT_FOUND'],
      [{ name: 'Ravi', categoryId, place: { kind: 'locality', slug: 'nowhere-at-all' } }, 'LOCALITY_NOT_FOUND'],
      [{ name: 'Ravi', categoryId, place: { kind: 'city', slug: locality.slug } }, 'VALIDATION_ERROR'],
    ];
    for (const [payload, code] of cases) {
      const response = await join(tokens.accessToken, payload);
      expect({ payload, status: response.statusCode, body: response.json() }).toEqual({
        payload,
        status: 400,
        body: { statusCode: 400, code, message: expect.any(String) },
      });
    }
    // Accounts' one rule for a person's name, and its sentences.
    expect((await join(tokens.accessToken, { name: ' ', categoryId })).json().message).toBe('Enter your name as families will see it.');
    expect((await join(tokens.accessToken, { name: 'R2D2', categoryId })).json().message).toMatch(/^Use letters, spaces/);
    expect((await join(tokens.accessToken, { name: 'ಅ'.repeat(80), categoryId })).statusCode).toBe(201);
    expect(await testApp.db.selectFrom('teachers').select('id').where('name', 'in', ['Ravi', 'R2D2', '1234']).execute()).toHaveLength(0);
  });

  test('the terms say Kalike’s fee from the configuration, to anyone', async () => {
    const response = await inject({ method: 'GET', url: '/v1/teachers/join/terms' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ kalikeFeeBasisPoints: 1000 });
  });

  test('the routes are documented with their errors', async () => {
    const document = (await inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    expect(Object.keys(document.paths['/v1/teachers/join'].post.responses)).toEqual(expect.arrayContaining(['200', '201', '400', '401']));
    expect(Object.keys(document.paths['/v1/auth/switch-role'].post.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403']));
    expect(document.paths['/v1/teachers/join/terms'].get).toBeDefined();
  });
});
