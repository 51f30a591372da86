import ICAL from 'ical.js';
import { sql } from 'kysely';
import type { CalendarFeed } from '@kalike/shared/contracts/calendar-feeds';
import { calendarFeedRateLimit } from '@kalike/shared/domain/calendar-feed-values';
import { addDaysToDateKey, istDateKey } from '@kalike/shared/format/dates';
import { wellKnownFamily } from '../../db/seed/accounts';
import { seededHolidayReason, seededTeacherCancelReason } from '../../db/seed/sessions';
import { caller, ENQUIRY_TEST_NOW, enquiryBody, teacherBatchWithSession } from '../../testing/enquiry-fixtures';
import type { TestApp } from '../../testing/build-test-app';
import { createEnquiries, ENQUIRIES_URL, expectError, enquiryParties, type Call, type EnquiryParties } from '../../testing/enquiry-parties';
import { signIn } from '../../testing/sign-in';

const FEED_URL = '/v1/account/calendar-feed';

interface ParsedEvent {
  uid: string;
  summary: string;
  status: string;
  sequence: number;
  location: string;
  description: string;
  start: Date;
  lastModified: Date | null;
}

/** The feed read with a real iCalendar parser, as a calendar app would. */
function parseFeed(text: string): ParsedEvent[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  expect(calendar.name).toBe('vcalendar');
  expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
  return calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    const lastModified = component.getFirstPropertyValue('last-modified');
    return {
      uid: event.uid,
      summary: event.summary,
      status: String(component.getFirstPropertyValue('status')),
      sequence: event.sequence,
      location: event.location ?? '',
      description: event.description ?? '',
      start: event.startDate.toJSDate(),
      lastModified: lastModified instanceof ICAL.Time ? lastModified.toJSDate() : null,
    };
  });
}

describe('private calendar feeds', () => {
  const parties = enquiryParties();
  let testApp: TestApp;
  let teacher: Call;
  let teacherId: string;
  let teacherListings: string[];
  let newLearner: EnquiryParties['newLearner'];
  let meera: Call;

  beforeAll(async () => {
    ({ testApp, teacher, teacherId, teacherListings, newLearner } = parties());
    meera = caller(testApp.app, (await signIn(testApp.app, wellKnownFamily.phone, '10.9.7.1')).tokens.accessToken);
  });

  const read = (feed: CalendarFeed) => testApp.app.inject({ method: 'GET', url: new URL(feed.httpsUrl).pathname });
  const feedOf = async (call: Call, audience: 'learner' | 'teacher'): Promise<CalendarFeed> => {
    const response = await call('POST', `${FEED_URL}?audience=${audience}`);
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const sessionIdsOf = async (batchId: string) =>
    (await testApp.db.selectFrom('class_sessions').select('id').where('batch_id', '=', batchId).execute()).map((row) => row.id);

  test("a family's feed: every child's classes by name, the cancelled and holiday classes cancelled, no phone number", async () => {
    expect((await meera('GET', `${FEED_URL}?audience=learner`)).json()).toEqual({ feed: null });
    const feed = await feedOf(meera, 'learner');
    expect(feed.webcalUrl).toMatch(/^webcal:\/\/localhost:4000\/v1\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(feed.httpsUrl.replace(/^http:/, 'webcal:')).toBe(feed.webcalUrl);
    // Asked again, the same link: a calendar that subscribed keeps working.
    expect(await feedOf(meera, 'learner')).toEqual(feed);
    expect((await meera('GET', `${FEED_URL}?audience=learner`)).json()).toEqual({ feed });

    const response = await read(feed);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['cache-control']).toBe('private, max-age=300');
    const events = parseFeed(response.body);

    const aaravSessions = new Set(await sessionIdsOf(wellKnownFamily.aarav.batchId));
    const diyaSessions = new Set(await sessionIdsOf(wellKnownFamily.diya.batchId));
    const aarav = events.filter((event) => aaravSessions.has(event.uid.replace('@kalike.in', '')));
    const diya = events.filter((event) => diyaSessions.has(event.uid.replace('@kalike.in', '')));
    expect(aarav.length).toBeGreaterThan(5);
    expect(diya.length).toBeGreaterThan(5);
    expect(aarav.length + diya.length).toBe(events.length);
    expect(aarav.every((event) => event.summary.includes('Aarav') && !event.summary.includes('Diya'))).toBe(true);
    expect(diya.every((event) => event.summary.includes('Diya'))).toBe(true);

    // The window: from 30 days back, past classes included.
    const today = istDateKey(ENQUIRY_TEST_NOW);
    expect(events.some((event) => istDateKey(event.start) < today)).toBe(true);
    expect(events.every((event) => istDateKey(event.start) >= addDaysToDateKey(today, -30))).toBe(true);

    const teacherCancelled = events.filter((event) => event.description.includes(seededTeacherCancelReason));
    expect(teacherCancelled).toHaveLength(1);
    expect(teacherCancelled[0]).toMatchObject({ status: 'CANCELLED', sequence: 1, summary: expect.stringMatching(/^Cancelled: /) });
    const holiday = events.filter((event) => event.description.includes(seededHolidayReason));
    expect(holiday.length).toBeGreaterThan(0);
    expect(holiday.every((event) => event.status === 'CANCELLED')).toBe(true);
    const confirmed = events.filter((event) => event.status === 'CONFIRMED');
    expect(confirmed.length).toBeGreaterThan(0);
    expect(confirmed.every((event) => event.sequence === 0 && event.location.length > 0 && event.lastModified !== null)).toBe(true);

    // Nobody's phone number: not the family's, not the teacher's.
    const phones = await testApp.db.selectFrom('users').select('phone').execute();
    const digits = response.body.replace(/\r\n[ \t]/g, '');
    expect(phones.filter(({ phone }) => digits.includes(phone.slice(3)))).toEqual([]);
  });

  test('one person never sees another family, and a stopped or replaced link answers 404', async () => {
    const other = await newLearner('+919700000901');
    expectError(await other.call('POST', `${FEED_URL}?audience=teacher`), 403, 'FORBIDDEN');
    expectError(await teacher('POST', `${FEED_URL}?audience=learner`), 403, 'FORBIDDEN');
    expectError(await other.call('POST', `${FEED_URL}?audience=everyone`), 400, 'VALIDATION_ERROR');
    expect((await testApp.app.inject({ method: 'POST', url: `${FEED_URL}?audience=learner` })).statusCode).toBe(401);

    const otherFeed = await feedOf(other.call, 'learner');
    const meeraFeed = await feedOf(meera, 'learner');
    expect(otherFeed.httpsUrl).not.toBe(meeraFeed.httpsUrl);
    expect(parseFeed((await read(otherFeed)).body)).toEqual([]);

    const rotated = (await meera('POST', `${FEED_URL}/rotate?audience=learner`)).json() as CalendarFeed;
    expect(rotated.httpsUrl).not.toBe(meeraFeed.httpsUrl);
    expectError(await read(meeraFeed), 404, 'CALENDAR_FEED_NOT_FOUND');
    expect(parseFeed((await read(rotated)).body).length).toBeGreaterThan(0);

    expect((await meera('DELETE', `${FEED_URL}?audience=learner`)).statusCode).toBe(204);
    expectError(await read(rotated), 404, 'CALENDAR_FEED_NOT_FOUND');
    expect((await meera('GET', `${FEED_URL}?audience=learner`)).json()).toEqual({ feed: null });
    // A made-up token, well formed or not.
    expectError(await testApp.app.inject({ method: 'GET', url: `/v1/calendar/${'a'.repeat(43)}.ics` }), 404, 'CALENDAR_FEED_NOT_FOUND');
    expect((await testApp.app.inject({ method: 'GET', url: '/v1/calendar/short.ics' })).statusCode).toBe(400);
  });

  test('a link read past its hourly allowance answers 429 RATE_LIMITED, other links still answer', async () => {
    const busy = await feedOf(await newLearner('+919700000903').then((learner) => learner.call), 'learner');
    for (let read_ = 0; read_ < calendarFeedRateLimit.max; read_++) expect((await read(busy)).statusCode).toBe(200);
    expectError(await read(busy), 429, 'RATE_LIMITED');
    expect((await read(await feedOf(meera, 'learner'))).statusCode).toBe(200);
  });

  test("a teacher's feed counts students; a cancelled class and an extra class show on the next read; a booked demo is in both feeds", async () => {
    const feed = await feedOf(teacher, 'teacher');
    const before = parseFeed((await read(feed)).body);
    expect(before.length).toBeGreaterThan(0);
    expect(before.every((event) => /: \d+ students?/.test(event.summary))).toBe(true);

    const { batchId, sessionId } = await teacherBatchWithSession(testApp.db, teacherId, ENQUIRY_TEST_NOW);
    const learner = await newLearner('+919700000902');
    const student = (await learner.call('POST', `/v1/user/accounts/${learner.accountId}/addStudent`, { name: 'Ishaan' })).json();
    const created = (await createEnquiries(learner.call, enquiryBody([teacherListings.at(-1) ?? ''], { studentId: student.id }))).json();
    const enquiryId: string = created.enquiries[0].enquiry.id;
    expect((await teacher('POST', `${ENQUIRIES_URL}/${enquiryId}/propose-demo`, { sessionId, message: 'Come along' })).statusCode).toBe(200);
    expect((await learner.call('POST', `${ENQUIRIES_URL}/${enquiryId}/connect`, { offer: 'demo' })).statusCode).toBe(200);

    const learnerEvents = parseFeed((await read(await feedOf(learner.call, 'learner'))).body);
    expect(learnerEvents).toEqual([
      expect.objectContaining({ uid: `${sessionId}@kalike.in`, status: 'CONFIRMED', summary: expect.stringMatching(/^Demo class, .*: Ishaan$/) }),
    ]);

    // An extra class on a free day, and the next class of another batch called off.
    const takenDays = await testApp.db
      .selectFrom('class_sessions')
      .select(sql<string>`to_char(occurs_on, 'YYYY-MM-DD')`.as('day'))
      .where('batch_id', '=', batchId)
      .execute();
    const taken = new Set(takenDays.map((row) => row.day));
    const days = Array.from({ length: 30 }, (_, index) => addDaysToDateKey(istDateKey(ENQUIRY_TEST_NOW), index + 1));
    const extraDay = days.find((day) => !taken.has(day)) ?? '';
    const extra = await teacher('POST', `/v1/class/batches/${batchId}/sessions`, { occursOn: extraDay, startTime: '17:00', endTime: '18:00' });
    expect(extra.statusCode).toBe(201);
    const toCancel = before.find((event) => event.status === 'CONFIRMED' && event.start > ENQUIRY_TEST_NOW && event.uid !== `${sessionId}@kalike.in`);
    const cancelId = toCancel?.uid.replace('@kalike.in', '') ?? '';
    expect((await teacher('POST', `/v1/class/sessions/${cancelId}/cancel`, { reason: 'Unwell' })).statusCode).toBe(200);

    const after = parseFeed((await read(feed)).body);
    expect(after.find((event) => event.uid === `${extra.json().id}@kalike.in`)).toMatchObject({ status: 'CONFIRMED' });
    expect(after.find((event) => event.uid === toCancel?.uid)).toMatchObject({
      status: 'CANCELLED',
      sequence: 1,
      description: expect.stringContaining('Unwell'),
    });
    expect(after.find((event) => event.uid === `${sessionId}@kalike.in`)?.summary).toMatch(/, 1 demo$/);
    expect(after).toHaveLength(before.length + 1);
  });
});
