import { sql } from 'kysely';
import { pageChangesLimit, type PageChanges } from '@kalike/shared/contracts/page-changes';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { changedTeacherSlugs, pageChangesCursor, pageChangesHeaders, readPageChanges } from '../../testing/page-changes';
import { createCursorSeal } from './page-change-cursor';
import { PAGE_CHANGES_SECRET_NAME } from './page-changes-secret';
import { createPageChangesRepository } from './page-changes.repository';
import { createPageChangesService } from './page-changes.service';
import { recordPublicPageChange } from './page-changes.port';

const feedUrl = '/v1/marketplace/page-changes';

describe('the page-change feed', () => {
  let testApp: TestApp;
  let teachers: { id: string; slug: string }[];

  let seal: ReturnType<typeof createCursorSeal>;
  /** The service as the route makes it, with another answer size. */
  const serviceWith = (limit: number) => createPageChangesService(createPageChangesRepository(testApp.db), () => seal, { limit });

  beforeAll(async () => {
    testApp = await buildTestApp();
    // Teachers with a public page: a listing the marketplace shows.
    teachers = await testApp.db
      .selectFrom('teachers as t')
      .select(['t.id', 't.slug'])
      .where((eb) => eb.exists(eb.selectFrom('teacher_listings as l').select('l.id').whereRef('l.teacher_id', '=', 't.id').where('l.is_active', '=', true)))
      .orderBy('t.slug')
      .limit(3)
      .execute();
    expect(teachers).toHaveLength(3);
    const secret = await testApp.db.selectFrom('auth_secrets').select('secret').where('name', '=', PAGE_CHANGES_SECRET_NAME).executeTakeFirstOrThrow();
    seal = createCursorSeal(secret.secret);
  });

  afterAll(async () => {
    await testApp.close();
  });

  const record = (...picked: { id: string }[]) =>
    testApp.db.transaction().execute((trx) => recordPublicPageChange(trx, { teacherIds: picked.map((teacher) => teacher.id) }));

  test('without a cursor it starts from now: no changes, a cursor, never cached', async () => {
    await record(teachers[0]!);
    const response = await testApp.app.inject({ method: 'GET', url: feedUrl, headers: await pageChangesHeaders(testApp.app) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json();
    expect(body).toEqual({ cursor: expect.stringMatching(/^[A-Za-z0-9_-]{48}$/), changes: [] });
    // What was recorded before the cursor is not named after it.
    expect(await changedTeacherSlugs(testApp.app, body.cursor)).toEqual([]);
  });

  test('names each teacher whose page changed since the cursor, once, in the order of their latest change', async () => {
    const cursor = await pageChangesCursor(testApp.app);
    const [first, second] = teachers as [{ id: string; slug: string }, { id: string; slug: string }];
    await record(first);
    await record(second);
    await record(first);

    const answer = await readPageChanges(testApp.app, cursor);
    expect(answer.more).toBe(false);
    expect(answer.reset).toBeUndefined();
    expect(answer.changes.map((change) => change.teacherSlug)).toEqual([second.slug, first.slug]);
    expect(Number.isNaN(Date.parse(answer.changes[0]!.changedAt))).toBe(false);

    // The next answer goes on from there: nothing new.
    const next = await readPageChanges(testApp.app, answer.cursor);
    expect(next).toEqual({ cursor: expect.any(String), changes: [], more: false });
    expect(seal.open(next.cursor)).toBe(seal.open(answer.cursor));
  });

  test('a write that is rolled back records nothing', async () => {
    const cursor = await pageChangesCursor(testApp.app);
    await expect(
      testApp.db.transaction().execute(async (trx) => {
        await recordPublicPageChange(trx, { teacherIds: [teachers[2]!.id] });
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    expect(await changedTeacherSlugs(testApp.app, cursor)).toEqual([]);
  });

  test('a batch names the teacher of its listing', async () => {
    const batch = await testApp.db
      .selectFrom('batches as b')
      .innerJoin('programs as p', 'p.id', 'b.program_id')
      .innerJoin('teacher_listings as l', 'l.id', 'p.listing_id')
      .innerJoin('teachers as t', 't.id', 'l.teacher_id')
      .select(['b.id', 't.slug'])
      .where('l.is_active', '=', true)
      .limit(1)
      .executeTakeFirstOrThrow();
    const cursor = await pageChangesCursor(testApp.app);
    await testApp.db.transaction().execute((trx) => recordPublicPageChange(trx, { batchIds: [batch.id, batch.id] }));
    expect(await changedTeacherSlugs(testApp.app, cursor)).toEqual([batch.slug]);
  });

  test('pages through many changes with `more`, never splitting one write across answers', async () => {
    const service = serviceWith(2);
    const cursor = await pageChangesCursor(testApp.app);
    const [a, b, c] = teachers as [{ id: string; slug: string }, { id: string; slug: string }, { id: string; slug: string }];
    await record(a);
    await record(b, c);
    await record(a);

    const first = await service.changes(cursor);
    // Two rows fit, but the second write's rows would be cut: the answer stops before it.
    expect(first).toMatchObject({ changes: [{ teacherSlug: a.slug }], more: true });
    const second = await service.changes(first.cursor);
    expect(second.more).toBe(true);
    expect(second.changes.map((change) => change.teacherSlug).sort()).toEqual([b.slug, c.slug].sort());
    const third = await service.changes(second.cursor);
    expect(third).toMatchObject({ changes: [{ teacherSlug: a.slug }], more: false });
  });

  test('one write that changed more pages than an answer holds is answered with a reset', async () => {
    const service = serviceWith(2);
    const cursor = await pageChangesCursor(testApp.app);
    await record(...teachers);
    const answer = await service.changes(cursor);
    expect(answer).toMatchObject({ changes: [], reset: true });
    expect(await service.changes(answer.cursor)).toMatchObject({ changes: [], more: false });
    expect(pageChangesLimit).toBe(500);
  });

  test('a position from the future (another database) is answered with a reset from now', async () => {
    const now = seal.open(await pageChangesCursor(testApp.app));
    const answer = await readPageChanges(testApp.app, seal.seal(now + 1_000_000n));
    expect(answer).toEqual({ cursor: expect.any(String), changes: [], reset: true });
    expect(seal.open(answer.cursor)).toBeGreaterThanOrEqual(now);
  });

  describe('readable only by the web origins', () => {
    test('an anonymous reader is refused with 401, and the proxy header alone does not help', async () => {
      const response = await testApp.app.inject({ method: 'GET', url: feedUrl, headers: { 'x-forwarded-for': '127.0.0.1' } });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ statusCode: 401, code: 'PAGE_CHANGES_SECRET_REQUIRED', message: expect.stringContaining('web origins') });
    });

    test('a wrong secret is refused with 403, whatever its length', async () => {
      const right = (await pageChangesHeaders(testApp.app))['x-page-changes-secret']!;
      for (const wrong of [`${right.slice(0, -1)}x`, 'guess', `${right}${right}`]) {
        const response = await testApp.app.inject({ method: 'GET', url: feedUrl, headers: { 'x-page-changes-secret': wrong } });
        expect(response.statusCode).toBe(403);
        expect(response.json()).toMatchObject({ code: 'PAGE_CHANGES_SECRET_WRONG' });
      }
    });

    test('a configured secret is the one asked for, and cursors sealed under another secret are refused', async () => {
      const configured = await buildTestApp({ seed: false, integrations: { pageChangesSecret: 'a-page-changes-secret-of-32-characters' } });
      try {
        const feed = (headers: Record<string, string>, after?: string) =>
          configured.app.inject({ method: 'GET', url: after ? `${feedUrl}?after=${after}` : feedUrl, headers });
        expect((await feed(await pageChangesHeaders(configured.app))).statusCode).toBe(403);
        const first = await feed({ 'x-page-changes-secret': 'a-page-changes-secret-of-32-characters' });
        expect(first.statusCode).toBe(200);
        const foreign = await feed({ 'x-page-changes-secret': 'a-page-changes-secret-of-32-characters' }, await pageChangesCursor(testApp.app));
        expect(foreign.statusCode).toBe(400);
        expect(foreign.json()).toMatchObject({ code: 'INVALID_CURSOR' });
      } finally {
        await configured.close();
      }
    });
  });

  describe('names only what a visitor of the public pages can see', () => {
    test('a teacher without a public page (a new sign-up) is never named', async () => {
      const signUp = await testApp.db.selectFrom('teachers').select(['id', 'slug']).orderBy('slug', 'desc').executeTakeFirstOrThrow();
      const cursor = await pageChangesCursor(testApp.app);
      await testApp.db.transaction().execute(async (trx) => {
        // As a sign-up is until a review makes a listing live.
        const hidden = await trx
          .updateTable('teacher_listings')
          .set({ is_active: false })
          .where('teacher_id', '=', signUp.id)
          .where('is_active', '=', true)
          .returning('id')
          .execute();
        await recordPublicPageChange(trx, { teacherIds: [signUp.id, teachers[0]!.id] });
        if (hidden.length > 0)
          await trx
            .updateTable('teacher_listings')
            .set({ is_active: true })
            .where(
              'id',
              'in',
              hidden.map((row) => row.id),
            )
            .execute();
      });
      expect(await changedTeacherSlugs(testApp.app, cursor)).toEqual([teachers[0]!.slug]);
    });

    test('a batch of a listing the marketplace does not show names nobody', async () => {
      const batch = await testApp.db
        .selectFrom('batches as b')
        .innerJoin('programs as p', 'p.id', 'b.program_id')
        .select(['b.id', 'p.listing_id'])
        .limit(1)
        .executeTakeFirstOrThrow();
      const cursor = await pageChangesCursor(testApp.app);
      await testApp.db.transaction().execute(async (trx) => {
        await trx.updateTable('teacher_listings').set({ is_active: false }).where('id', '=', batch.listing_id).execute();
        await recordPublicPageChange(trx, { batchIds: [batch.id] });
        await trx.updateTable('teacher_listings').set({ is_active: true }).where('id', '=', batch.listing_id).execute();
      });
      expect(await changedTeacherSlugs(testApp.app, cursor)).toEqual([]);
    });
  });

  describe('the cursor', () => {
    test('is opaque: not the transaction id, nor the same twice for one position', async () => {
      const [{ tx }] = (await sql<{ tx: string }>`select pg_snapshot_xmin(pg_current_snapshot())::text as tx`.execute(testApp.db)).rows as [{ tx: string }];
      const first = await pageChangesCursor(testApp.app);
      const second = await pageChangesCursor(testApp.app);
      for (const cursor of [first, second]) {
        expect(cursor).not.toContain(tx);
        expect(Buffer.from(cursor, 'base64url').toString('latin1')).not.toContain(tx);
      }
      expect(first).not.toEqual(second);
    });

    test('is tamper-proof: a cursor with any character changed is 400 INVALID_CURSOR', async () => {
      const cursor = await pageChangesCursor(testApp.app);
      for (const at of [0, 20, 47]) {
        const changed = `${cursor.slice(0, at)}${cursor[at] === 'A' ? 'B' : 'A'}${cursor.slice(at + 1)}`;
        const response = await testApp.app.inject({ method: 'GET', url: `${feedUrl}?after=${changed}`, headers: await pageChangesHeaders(testApp.app) });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ code: 'INVALID_CURSOR' });
      }
    });
  });

  test('is not rate limited: a web origin polling every 2 s from one address is never refused', async () => {
    const cursor = await pageChangesCursor(testApp.app);
    const headers = await pageChangesHeaders(testApp.app);
    const answers = await Promise.all(
      Array.from({ length: 200 }, () => testApp.app.inject({ method: 'GET', url: `${feedUrl}?after=${cursor}`, headers, remoteAddress: '203.0.113.7' })),
    );
    expect(answers.map((response) => response.statusCode)).toEqual(answers.map(() => 200));
  });

  describe('pruning', () => {
    test('removes changes older than two days; a cursor from before them is answered with a reset', async () => {
      const before = await pageChangesCursor(testApp.app);
      await testApp.db.transaction().execute(async (trx) => {
        await recordPublicPageChange(trx, { teacherIds: [teachers[0]!.id] });
        await sql`update public_page_changes set changed_at = now() - interval '3 days' where tx = pg_current_xact_id()::text::bigint`.execute(trx);
      });
      const between = await pageChangesCursor(testApp.app);
      await record(teachers[1]!);

      const prune = testApp.app.background.tasks.find((task) => task.name === 'prune-page-changes');
      // Whole transactions up to the newest one past the retention go, earlier ones of this file with it.
      expect((await prune?.run()) as { pruned: number }).toEqual({ pruned: expect.any(Number) });
      expect((await testApp.db.selectFrom('public_page_changes').select('id').where('teacher_id', '=', teachers[0]!.id).execute()).length).toBe(0);
      expect(await prune?.run()).toEqual({ pruned: 0 });

      const old = await readPageChanges(testApp.app, before);
      expect(old).toMatchObject({ changes: [], reset: true });
      // A cursor past what was pruned still reads the changes kept.
      expect(await changedTeacherSlugs(testApp.app, between)).toEqual([teachers[1]!.slug]);
    });
  });
});

const onPostgres = process.env.DATABASE_URL ? describe : describe.skip;

onPostgres('the page-change feed while writes overlap (PostgreSQL)', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildTestApp();
  });

  afterAll(async () => {
    await testApp.close();
  });

  test('a change committed after a later one is still named: the feed waits for the transaction that began first', async () => {
    const [early, late] = await testApp.db.selectFrom('teachers').select(['id', 'slug']).orderBy('slug').limit(2).execute();
    const cursor = await pageChangesCursor(testApp.app);

    let recorded!: () => void;
    const earlyRecorded = new Promise<void>((resolve) => (recorded = resolve));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const earlyWrite = testApp.db.transaction().execute(async (trx) => {
      await recordPublicPageChange(trx, { teacherIds: [early!.id] });
      recorded();
      await gate;
    });
    let waiting: PageChanges | undefined;
    try {
      await earlyRecorded;
      await testApp.db.transaction().execute((trx) => recordPublicPageChange(trx, { teacherIds: [late!.id] }));
      waiting = await readPageChanges(testApp.app, cursor);
    } finally {
      // Whatever happened above, the open transaction ends, so the test never hangs on it.
      release();
      await earlyWrite;
    }
    // The later write had committed, but an earlier one was still open: nothing was named yet,
    // and the cursor did not move past the open transaction.
    expect(waiting?.changes).toEqual([]);
    expect(new Set(await changedTeacherSlugs(testApp.app, waiting!.cursor))).toEqual(new Set([early!.slug, late!.slug]));
  });
});
