import { wellKnownLearners } from '../../db/seed/accounts';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { signIn } from '../../testing/sign-in';

const asha = wellKnownLearners.asha;
const rahul = wellKnownLearners.rahul;
const UNKNOWN_ID = '7d6f0e4a-3b1c-4d2e-9f80-123456789abc';
const indiranagar = { label: 'Home', address: '100 Feet Road, Indiranagar', coords: { lat: 12.9784, lng: 77.6408 }, pincode: '560038' };

describe('learner accounts', () => {
  let testApp: TestApp;
  let ashaToken: string;
  let rahulToken: string;

  beforeAll(async () => {
    testApp = await buildTestApp();
    ashaToken = (await signIn(testApp.app, asha.phone, '10.2.0.1')).tokens.accessToken;
    rahulToken = (await signIn(testApp.app, rahul.phone, '10.2.0.2')).tokens.accessToken;
  });

  afterAll(async () => {
    await testApp.close();
  });

  const call = (method: 'GET' | 'PUT' | 'POST', url: string, token: string | undefined, payload?: object) =>
    testApp.app.inject({ method, url, ...(payload ? { payload } : {}), headers: token ? { authorization: `Bearer ${token}` } : {} });
  const expectError = (response: Awaited<ReturnType<typeof call>>, statusCode: number, code: string, field?: string) => {
    expect(response.statusCode).toBe(statusCode);
    expect(response.json()).toEqual({ statusCode, code, message: field ? expect.stringContaining(field) : expect.any(String) });
  };

  test('a seeded learner signs in to her own account with students keyed by id', async () => {
    const signedIn = await signIn(testApp.app, asha.phone, '10.2.0.3');
    expect(signedIn.isNewUser).toBe(false);
    expect(signedIn.user).toEqual({
      userType: 'Learner',
      learnerAccount: { id: asha.accountId, name: asha.name, isCustomer: true },
      teacher: null,
      isAdmin: false,
    });
    // The same answer from the token alone, as when a page reloads.
    const verified = await testApp.app.inject({ method: 'GET', url: '/v1/auth/verify', headers: { authorization: `Bearer ${signedIn.tokens.accessToken}` } });
    expect(verified.json().user.learnerAccount).toEqual({ id: asha.accountId, name: asha.name, isCustomer: true });

    const response = await call('GET', `/v1/user/accounts/${asha.accountId}`, ashaToken);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const [saanvi, vihaan] = asha.students;
    expect(response.json()).toEqual({
      id: asha.accountId,
      name: { name: 'Asha Rao' },
      email: { email: asha.email },
      phone: { phone: asha.phone },
      isCustomer: true,
      students: {
        [saanvi.id]: { id: saanvi.id, name: 'Saanvi', dateOfBirth: '2016-04-12', grade: 'Grade 3', school: saanvi.school },
        [vihaan.id]: { id: vihaan.id, name: 'Vihaan', dateOfBirth: '2019-09-03', grade: 'UKG', school: null },
      },
      locations: [{ id: expect.any(String), label: 'Home', address: asha.location.address, coords: { lat: 12.9719, lng: 77.6412 }, pincode: '560038' }],
    });
  });

  test('a seeded teacher signs in as a Teacher', async () => {
    const teacher = await testApp.db
      .selectFrom('users as u')
      .innerJoin('teachers as t', 't.id', 'u.teacher_id')
      .select(['u.phone', 't.id', 't.name'])
      .where('u.user_type', '=', 'Teacher')
      .orderBy('u.phone')
      .executeTakeFirstOrThrow();
    const signedIn = await signIn(testApp.app, teacher.phone, '10.2.0.4');
    expect(signedIn.user).toEqual({ userType: 'Teacher', learnerAccount: null, teacher: { id: teacher.id, name: teacher.name }, isAdmin: false });
  });

  describe('ownership on every endpoint', () => {
    test("GET: 401 without a token; the other learner's account answers 404 exactly like an unknown id", async () => {
      expectError(await call('GET', `/v1/user/accounts/${asha.accountId}`, undefined), 401, 'UNAUTHORIZED');
      expectError(await call('GET', `/v1/user/accounts/${asha.accountId}`, rahulToken), 404, 'USER_ERROR_NOT_FOUND');
      expectError(await call('GET', `/v1/user/accounts/${rahul.accountId}`, ashaToken), 404, 'USER_ERROR_NOT_FOUND');
      expect((await call('GET', `/v1/user/accounts/${rahul.accountId}`, rahulToken)).statusCode).toBe(200);
      expectError(await call('GET', `/v1/user/accounts/${UNKNOWN_ID}`, ashaToken), 404, 'USER_ERROR_NOT_FOUND');
      expectError(await call('GET', '/v1/user/accounts/42', ashaToken), 400, 'INVALID_ID');
      // Same status, code and words: nothing tells an existing account from a made-up id.
      const others = (await call('GET', `/v1/user/accounts/${asha.accountId}`, rahulToken)).json();
      const unknown = (await call('GET', `/v1/user/accounts/${UNKNOWN_ID}`, rahulToken)).json();
      expect(others).toEqual(unknown);
    });

    test('PUT: nobody changes another learner account', async () => {
      expectError(await call('PUT', `/v1/user/accounts/${asha.accountId}`, undefined, { name: 'Mallory' }), 401, 'UNAUTHORIZED');
      expectError(await call('PUT', `/v1/user/accounts/${asha.accountId}`, rahulToken, { name: 'Mallory' }), 404, 'USER_ERROR_NOT_FOUND');
      expectError(await call('PUT', `/v1/user/accounts/${rahul.accountId}`, ashaToken, { name: 'Mallory' }), 404, 'USER_ERROR_NOT_FOUND');
      expectError(await call('PUT', `/v1/user/accounts/${UNKNOWN_ID}`, ashaToken, { name: 'Mallory' }), 404, 'USER_ERROR_NOT_FOUND');
      const names = await testApp.db.selectFrom('learner_accounts').select('name').where('name', '=', 'Mallory').execute();
      expect(names).toEqual([]);
    });

    test('addStudent: nobody adds a student to another learner account', async () => {
      const body = { name: 'Intruder' };
      expectError(await call('POST', `/v1/user/accounts/${asha.accountId}/addStudent`, undefined, body), 401, 'UNAUTHORIZED');
      expectError(await call('POST', `/v1/user/accounts/${asha.accountId}/addStudent`, rahulToken, body), 404, 'USER_ERROR_NOT_FOUND');
      expectError(await call('POST', `/v1/user/accounts/${rahul.accountId}/addStudent`, ashaToken, body), 404, 'USER_ERROR_NOT_FOUND');
      expectError(await call('POST', `/v1/user/accounts/${UNKNOWN_ID}/addStudent`, ashaToken, body), 404, 'USER_ERROR_NOT_FOUND');
      const intruders = await testApp.db.selectFrom('students').select('id').where('name', '=', 'Intruder').execute();
      expect(intruders).toEqual([]);
    });

    test("learner/new only ever touches the caller's own account", async () => {
      expectError(await call('POST', '/v1/user/accounts/learner/new', undefined, { name: 'Someone' }), 401, 'UNAUTHORIZED');
      const response = await call('POST', '/v1/user/accounts/learner/new', rahulToken, { name: 'Rahul Menon' });
      expect(response.json().id).toBe(rahul.accountId);
    });
  });

  test('PUT updates name, email and the saved locations', async () => {
    const { tokens, user } = await signIn(testApp.app, '+919845012345', '10.2.0.5');
    const id = user.learnerAccount?.id ?? '';
    const response = await call('PUT', `/v1/user/accounts/${id}`, tokens.accessToken, {
      name: "D'Souza  Maria ",
      email: 'Maria@Example.com',
      locations: [indiranagar, { ...indiranagar, label: 'School', pincode: '560008' }],
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ name: { name: "D'Souza Maria" }, email: { email: 'maria@example.com' }, isCustomer: false });
    expect(body.locations.map((l: { label: string }) => l.label)).toEqual(['Home', 'School']);

    const cleared = (await call('PUT', `/v1/user/accounts/${id}`, tokens.accessToken, { email: null, locations: [] })).json();
    expect(cleared).toMatchObject({ name: { name: "D'Souza Maria" }, email: null, locations: [] });
  });

  test.each(['ಕಿರಣ್', 'ಶ್ರೀನಿವಾಸ', 'अर्जुन', 'श्रीया', 'முருகன்', 'Anne-Marie O’Brien', "D'Souza", 'K. Ramesh'])(
    'saves the name %s as a learner and as a student',
    async (name) => {
      const account = await call('PUT', `/v1/user/accounts/${rahul.accountId}`, rahulToken, { name });
      expect(account.statusCode).toBe(200);
      expect(account.json().name).toEqual({ name });
      const student = await call('POST', `/v1/user/accounts/${rahul.accountId}/addStudent`, rahulToken, { name });
      expect(student.statusCode).toBe(201);
      expect(student.json().name).toBe(name);
      await testApp.db.deleteFrom('students').where('id', '=', student.json().id).execute();
    },
  );

  test('stores a name in one Unicode spelling (NFC), however the keyboard composed it', async () => {
    const decomposed = 'Zoe\u0308';
    const response = await call('PUT', `/v1/user/accounts/${rahul.accountId}`, rahulToken, { name: decomposed });
    expect(response.json().name).toEqual({ name: 'Zoë' });
  });

  test.each([
    [{ name: 'Kiran 🙂' }, 'body.name'],
    [{ name: ".'-" }, 'body.name'],
    [{ name: '' }, 'body.name'],
    [{ name: 'R2-D2' }, 'body.name'],
    [{ name: 'x'.repeat(81) }, 'body.name'],
    [{ email: 'not-an-email' }, 'body.email'],
    [{ locations: Array.from({ length: 6 }, () => indiranagar) }, 'body.locations'],
    [{ locations: [{ ...indiranagar, coords: { lat: 19.07, lng: 72.87 } }] }, 'body.locations.0.coords.lat'],
    [{ locations: [{ ...indiranagar, coords: { lat: 12.97, lng: 78.2 } }] }, 'body.locations.0.coords.lng'],
    [{ locations: [{ ...indiranagar, pincode: '400001' }] }, 'body.locations.0.pincode'],
    [{ isCustomer: true }, 'isCustomer'],
  ])('PUT rejects %j naming %s', async (payload, field) => {
    expectError(await call('PUT', `/v1/user/accounts/${rahul.accountId}`, rahulToken, payload), 400, 'VALIDATION_ERROR', field);
  });

  test('learner/new completes a new account and is idempotent', async () => {
    const { tokens, user, isNewUser } = await signIn(testApp.app, '+919845012346', '10.2.0.6');
    expect(isNewUser).toBe(true);
    expect(user.learnerAccount?.name).toBe('');

    expectError(await call('POST', '/v1/user/accounts/learner/new', tokens.accessToken, {}), 400, 'VALIDATION_ERROR', 'body.name');
    expectError(
      await call('POST', '/v1/user/accounts/learner/new', tokens.accessToken, { name: 'Neha', email: 'nope' }),
      400,
      'VALIDATION_ERROR',
      'body.email',
    );
    expectError(
      await call('POST', '/v1/user/accounts/learner/new', tokens.accessToken, { name: 'Neha', location: { ...indiranagar, pincode: '56003' } }),
      400,
      'VALIDATION_ERROR',
      'body.location.pincode',
    );

    const payload = { name: 'Neha Kulkarni', email: 'neha@example.com', location: indiranagar };
    const first = await call('POST', '/v1/user/accounts/learner/new', tokens.accessToken, payload);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      id: user.learnerAccount?.id,
      name: { name: 'Neha Kulkarni' },
      email: { email: 'neha@example.com' },
      phone: { phone: '+919845012346' },
      students: {},
      locations: [{ label: 'Home', pincode: '560038' }],
    });
    const second = await call('POST', '/v1/user/accounts/learner/new', tokens.accessToken, payload);
    expect(second.json()).toEqual(first.json());

    const verified = await call('GET', '/v1/auth/verify', tokens.accessToken);
    expect(verified.json().user.learnerAccount).toEqual({ id: user.learnerAccount?.id, name: 'Neha Kulkarni', isCustomer: false });
  });

  test('addStudent validates the body and allows at most 6 students', async () => {
    const { tokens, user } = await signIn(testApp.app, '+919845012347', '10.2.0.7');
    const url = `/v1/user/accounts/${user.learnerAccount?.id}/addStudent`;
    const nextYear = `${new Date().getUTCFullYear() + 1}-01-01`;
    const longAgo = `${new Date().getUTCFullYear() - 101}-01-01`;
    for (const [payload, field] of [
      [{}, 'body.name'],
      [{ name: '1234' }, 'body.name'],
      [{ name: 'Aarav', dateOfBirth: '2019-02-30' }, 'body.dateOfBirth'],
      [{ name: 'Aarav', dateOfBirth: nextYear }, 'body.dateOfBirth'],
      [{ name: 'Aarav', dateOfBirth: longAgo }, 'body.dateOfBirth'],
      [{ name: 'Aarav', grade: '' }, 'body.grade'],
      [{ name: 'Aarav', school: 'x'.repeat(121) }, 'body.school'],
    ] as const) {
      expectError(await call('POST', url, tokens.accessToken, payload), 400, 'VALIDATION_ERROR', field);
    }

    const created = await call('POST', url, tokens.accessToken, { name: 'Aarav', dateOfBirth: '2017-06-15', grade: 'Grade 2', school: 'Bishop Cotton' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ id: expect.any(String), name: 'Aarav', dateOfBirth: '2017-06-15', grade: 'Grade 2', school: 'Bishop Cotton' });

    for (let i = 2; i <= 6; i++) {
      expect((await call('POST', url, tokens.accessToken, { name: `Child ${'abcdef'[i - 1]}` })).statusCode).toBe(201);
    }
    expectError(await call('POST', url, tokens.accessToken, { name: 'Seventh' }), 409, 'TOO_MANY_STUDENTS');

    const account = (await call('GET', `/v1/user/accounts/${user.learnerAccount?.id}`, tokens.accessToken)).json();
    expect(Object.keys(account.students)).toHaveLength(6);
    expect(account.students[created.json().id]).toEqual(created.json());
  });

  test("a learner changes her own students' details, and only hers", async () => {
    const { tokens, user } = await signIn(testApp.app, '+919845012348', '10.2.0.8');
    const accountId = user.learnerAccount?.id;
    const created = (
      await call('POST', `/v1/user/accounts/${accountId}/addStudent`, tokens.accessToken, { name: 'Meera', grade: 'Grade 1', school: 'NPS' })
    ).json();
    const url = `/v1/user/accounts/${accountId}/students/${created.id}`;

    const updated = await call('PUT', url, tokens.accessToken, { name: 'Meera K', dateOfBirth: '2018-01-20', school: null });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toEqual({ id: created.id, name: 'Meera K', dateOfBirth: '2018-01-20', grade: 'Grade 1', school: null });

    expectError(await call('PUT', url, tokens.accessToken, {}), 400, 'VALIDATION_ERROR');
    expectError(await call('PUT', url, tokens.accessToken, { nickname: 'M' }), 400, 'VALIDATION_ERROR');
    expectError(
      await call('PUT', url, tokens.accessToken, { dateOfBirth: `${new Date().getUTCFullYear() + 1}-01-01` }),
      400,
      'VALIDATION_ERROR',
      'body.dateOfBirth',
    );
    expectError(await call('PUT', url, undefined, { name: 'X' }), 401, 'UNAUTHORIZED');
    expectError(await call('PUT', url, rahulToken, { name: 'Taken' }), 404, 'USER_ERROR_NOT_FOUND');
    // Asha's student cannot be reached through this learner's own account either.
    const ashaStudent = asha.students[0].id;
    expectError(await call('PUT', `/v1/user/accounts/${accountId}/students/${ashaStudent}`, tokens.accessToken, { name: 'Taken' }), 404, 'STUDENT_NOT_FOUND');
    const ashaAccount = (await call('GET', `/v1/user/accounts/${asha.accountId}`, ashaToken)).json();
    expect(ashaAccount.students[ashaStudent].name).toBe('Saanvi');
  });
});
