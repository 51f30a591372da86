import type { AdminTeacher, AdminTeachers } from '@kalike/shared/contracts/admin-teachers';
import type { CategoryListingPage, TeacherPage } from '@kalike/shared/contracts/teacher-listings';
import { badgeBits } from '../../db/listing-filters';
import { seedPhones, wellKnownAdmin, wellKnownLearners, wellKnownTeacher } from '../../db/seed/accounts';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { caller } from '../../testing/enquiry-fixtures';
import { expectError, type Call } from '../../testing/enquiry-parties';
import { changedTeacherSlugs, pageChangesCursor } from '../../testing/page-changes';
import { PAYMENT_TEST_NOW } from '../../testing/payment-fixtures';
import { signIn } from '../../testing/sign-in';
import { badgeReason, phoneDigits } from './teacher-badges.service';

const teachersUrl = '/v1/admin/teachers';
const badgeUrl = (teacherId: string, badge: string) => `${teachersUrl}/${teacherId}/badges/${badge}`;

describe('badge inputs', () => {
  test('a phone-like query searches by its digits once it has four', () => {
    expect(phoneDigits('+91 00000 10002')).toBe('910000010002');
    expect(phoneDigits('10002')).toBe('10002');
    expect(phoneDigits('100')).toBeNull();
    expect(phoneDigits('Priya 2')).toBeNull();
  });

  test('a reason is trimmed and 5 to 200 characters', () => {
    expect(badgeReason('  Documents checked in person.  ')).toBe('Documents checked in person.');
    expect(() => badgeReason('  ok  ')).toThrow(expect.objectContaining({ code: 'VALIDATION_ERROR' }));
    expect(() => badgeReason('a'.repeat(201))).toThrow(expect.objectContaining({ code: 'VALIDATION_ERROR' }));
  });
});

describe('admins grant and remove badges', () => {
  let testApp: TestApp;
  let admin: Call;
  let teacher: Call;
  let learner: Call;
  let address = 0;
  let subject: { id: string; name: string; slug: string; phone: string };
  let teacherOfTheDay: { id: string; slug: string };

  const signInAs = async (phone: string) => caller(testApp.app, (await signIn(testApp.app, phone, `10.7.0.${++address}`)).tokens.accessToken);
  const teacherOfPhone = (phone: string) =>
    testApp.db
      .selectFrom('users as u')
      .innerJoin('teachers as t', 't.id', 'u.teacher_id')
      .select(['t.id', 't.name', 't.slug', 't.phone'])
      .where('u.phone', '=', phone)
      .executeTakeFirstOrThrow();
  const masksOf = async (teacherId: string) =>
    (await testApp.db.selectFrom('teacher_listings').select('badge_mask').where('teacher_id', '=', teacherId).execute()).map((row) => row.badge_mask);
  const teacherPage = async (slug: string) => {
    const response = await learner('GET', `/v1/marketplace/teacherListings/slug/${slug}`);
    expect(response.statusCode).toBe(200);
    return response.json() as TeacherPage;
  };
  const cardOf = async (teacherId: string) => {
    const listing = await testApp.db
      .selectFrom('teacher_listings as l')
      .innerJoin('categories as c', 'c.id', 'l.category_id')
      .select(['l.id', 'l.lat', 'l.lng', 'c.slug'])
      .where('l.teacher_id', '=', teacherId)
      .where('l.is_active', '=', true)
      .where('l.mode', '<>', 'online')
      .orderBy('l.id')
      .executeTakeFirstOrThrow();
    const response = await learner(
      'GET',
      `/v1/marketplace/categories/${listing.slug}/teacherListings?lat=${listing.lat}&long=${listing.lng}&radiusKm=1&limit=50`,
    );
    return (response.json() as CategoryListingPage).listings.find((card) => card.id === listing.id);
  };

  beforeAll(async () => {
    testApp = await buildTestApp({ now: () => PAYMENT_TEST_NOW, integrations: { marketplaceCache: true } });
    admin = await signInAs(wellKnownAdmin.phone);
    teacher = await signInAs(wellKnownTeacher.phone);
    learner = await signInAs(wellKnownLearners.asha.phone);
    // A teacher with a live in-person listing and no badge yet.
    const candidates = await testApp.db
      .selectFrom('teachers as t')
      .innerJoin('teacher_listings as l', 'l.teacher_id', 't.id')
      .select('t.phone')
      .where('l.is_active', '=', true)
      .where('l.mode', '<>', 'online')
      .where((eb) => eb.not(eb.exists(eb.selectFrom('teacher_badges as b').select('b.badge').whereRef('b.teacher_id', '=', 't.id'))))
      .orderBy('t.phone')
      .execute();
    subject = await teacherOfPhone(candidates[0]!.phone);
    teacherOfTheDay = await teacherOfPhone(wellKnownTeacher.phone);
  });

  afterAll(async () => {
    await testApp.close();
  });

  test('signed out is 401; teachers and learners are 403', async () => {
    const calls = [
      ['GET', `${teachersUrl}?query=Priya`, undefined],
      ['PUT', badgeUrl(subject.id, 'verified'), { reason: 'Documents checked in person.' }],
      ['DELETE', badgeUrl(subject.id, 'verified'), undefined],
    ] as const;
    for (const [method, url, body] of calls) {
      expectError((await testApp.app.inject({ method, url, ...(body ? { payload: body } : {}) })) as never, 401, 'UNAUTHORIZED');
      for (const who of [teacher, learner]) expectError((await who(method, url, body, { 'x-client': 'learner-admin' })) as never, 403, 'FORBIDDEN');
    }
    expect(await masksOf(subject.id)).not.toContain(badgeBits.verified);
  });

  test('finds a teacher by part of their name or phone, with their badges', async () => {
    const byName = (await admin('GET', `${teachersUrl}?query=${encodeURIComponent(subject.name.slice(0, 5).toLowerCase())}`)).json() as AdminTeachers;
    expect(byName.teachers.map((found) => found.id)).toContain(subject.id);
    const byPhone = (await admin('GET', `${teachersUrl}?query=${encodeURIComponent(subject.phone.slice(-6))}`)).json() as AdminTeachers;
    expect(byPhone.teachers.map((found) => found.id)).toContain(subject.id);

    const star = ((await admin('GET', `${teachersUrl}?query=${encodeURIComponent(wellKnownTeacher.phone)}`)).json() as AdminTeachers).teachers;
    expect(star).toHaveLength(1);
    expect(star[0]).toMatchObject({
      id: teacherOfTheDay.id,
      phone: wellKnownTeacher.phone,
      pagePath: expect.stringMatching(/^\/discover\/bengaluru\/.+\/teachers\//),
    });
    expect(star[0]?.badges.map((badge) => badge.kind)).toContain('teacher_of_the_day');

    expectError((await admin('GET', `${teachersUrl}?query=%20%20`)) as never, 400, 'VALIDATION_ERROR');
    expectError((await admin('GET', teachersUrl)) as never, 400, 'VALIDATION_ERROR');
  });

  test('granting a badge shows it at once on the cards (badge_mask) and on the teacher page; removing takes it away', async () => {
    // Warm the cache first.
    expect((await cardOf(subject.id))?.teacher.badges).toEqual([]);
    expect((await teacherPage(subject.slug)).teacher.badges).toEqual([]);

    const granted = await admin('PUT', badgeUrl(subject.id, 'verified'), { reason: '  Identity and teaching certificate checked.  ' });
    expect(granted.statusCode).toBe(200);
    expect((granted.json() as AdminTeacher).badges).toEqual([
      { kind: 'verified', label: 'Verified Teacher', reason: 'Identity and teaching certificate checked.', grantedAt: PAYMENT_TEST_NOW.toISOString() },
    ]);
    expect(new Set(await masksOf(subject.id))).toEqual(new Set([badgeBits.verified]));
    expect((await cardOf(subject.id))?.teacher.badges).toEqual(['verified']);
    expect((await teacherPage(subject.slug)).teacher.badges).toEqual([
      expect.objectContaining({ kind: 'verified', reason: 'Identity and teaching certificate checked.' }),
    ]);

    const removed = await admin('DELETE', badgeUrl(subject.id, 'verified'));
    expect((removed.json() as AdminTeacher).badges).toEqual([]);
    expect(new Set(await masksOf(subject.id))).toEqual(new Set([0]));
    expect((await cardOf(subject.id))?.teacher.badges).toEqual([]);
    expect((await teacherPage(subject.slug)).teacher.badges).toEqual([]);
    // Removing again changes nothing.
    expect((await admin('DELETE', badgeUrl(subject.id, 'verified'))).statusCode).toBe(200);
  });

  test('Teacher of the Day is held by one teacher at a time: granting it moves it', async () => {
    expect((await teacherPage(teacherOfTheDay.slug)).teacher.badges.map((badge) => badge.kind)).toContain('teacher_of_the_day');
    const moved = await admin('PUT', badgeUrl(subject.id, 'teacher_of_the_day'), { reason: 'Parents wrote in about her patience this week.' });
    expect((moved.json() as AdminTeacher).badges.map((badge) => badge.kind)).toEqual(['teacher_of_the_day']);
    const holders = await testApp.db.selectFrom('teacher_badges').select('teacher_id').where('badge', '=', 'teacher_of_the_day').execute();
    expect(holders).toEqual([{ teacher_id: subject.id }]);
    expect((await masksOf(teacherOfTheDay.id)).every((mask) => (mask & badgeBits.teacher_of_the_day) === 0)).toBe(true);
    expect((await teacherPage(teacherOfTheDay.slug)).teacher.badges.map((badge) => badge.kind)).not.toContain('teacher_of_the_day');
  });

  test('the page-change feed names every teacher whose badges changed, and nobody when nothing did', async () => {
    let cursor = await pageChangesCursor(testApp.app);
    expect((await admin('PUT', badgeUrl(subject.id, 'verified'), { reason: 'Identity and teaching certificate checked.' })).statusCode).toBe(200);
    expect(await changedTeacherSlugs(testApp.app, cursor)).toEqual([subject.slug]);

    cursor = await pageChangesCursor(testApp.app);
    expect((await admin('DELETE', badgeUrl(subject.id, 'verified'))).statusCode).toBe(200);
    expect(await changedTeacherSlugs(testApp.app, cursor)).toEqual([subject.slug]);

    // Removing a badge the teacher does not hold changes no page.
    cursor = await pageChangesCursor(testApp.app);
    expect((await admin('DELETE', badgeUrl(subject.id, 'verified'))).statusCode).toBe(200);
    expect(await changedTeacherSlugs(testApp.app, cursor)).toEqual([]);

    // Teacher of the Day moves from whoever holds it to another teacher: both pages change.
    const holder = await testApp.db
      .selectFrom('teacher_badges as b')
      .innerJoin('teachers as t', 't.id', 'b.teacher_id')
      .select('t.slug')
      .where('b.badge', '=', 'teacher_of_the_day')
      .executeTakeFirstOrThrow();
    cursor = await pageChangesCursor(testApp.app);
    const mover = holder.slug === teacherOfTheDay.slug ? subject : teacherOfTheDay;
    expect((await admin('PUT', badgeUrl(mover.id, 'teacher_of_the_day'), { reason: 'Parents wrote in about her patience this week.' })).statusCode).toBe(200);
    expect(new Set(await changedTeacherSlugs(testApp.app, cursor))).toEqual(new Set([holder.slug, mover.slug]));
  });

  test('bad input: unknown badge, unknown teacher, short reason', async () => {
    expectError((await admin('PUT', badgeUrl(subject.id, 'gold_star'), { reason: 'Because we like them.' })) as never, 400, 'VALIDATION_ERROR');
    expectError(
      (await admin('PUT', badgeUrl('00000000-0000-4000-8000-00000000dead', 'verified'), { reason: 'Because we like them.' })) as never,
      404,
      'TEACHER_NOT_FOUND',
    );
    expectError((await admin('PUT', badgeUrl(subject.id, 'verified'), { reason: '  ok   ' })) as never, 400, 'VALIDATION_ERROR');
    expectError((await admin('PUT', badgeUrl(subject.id, 'verified'), {})) as never, 400, 'VALIDATION_ERROR');
  });

  test('the seeded admin is the only admin, and another teacher is not one', async () => {
    const other = await signInAs(seedPhones.teacher(2));
    expectError((await other('GET', `${teachersUrl}?query=Priya`)) as never, 403, 'FORBIDDEN');
    const admins = await testApp.db.selectFrom('users').select('phone').where('is_admin', '=', true).execute();
    expect(admins).toEqual([{ phone: wellKnownAdmin.phone }]);
  });
});
