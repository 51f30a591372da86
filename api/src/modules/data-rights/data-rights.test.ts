import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import sharp from 'sharp';
import type { AccountErasure, DeletionOutlook } from '@kalike/shared/contracts/data-rights';
import type { LearnerAccountDto } from '@kalike/shared/contracts/accounts';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { caller } from '../../testing/enquiry-fixtures';
import { expectError } from '../../testing/enquiry-parties';
import { batchesWithPlans, familyWithPaidPack, PAYMENT_TEST_NOW } from '../../testing/payment-fixtures';
import { actionConfirmation, signIn } from '../../testing/sign-in';
import { receiptPdfPath } from '../payments/payments.port';
import { createAccountErasure, erasedPhone } from './account-erasure.service';
import { createErasureRepository } from './erasure.repository';

describe("a person's data: download and delete", () => {
  let testApp: TestApp;
  let batchId: string;

  beforeAll(async () => {
    testApp = await buildTestApp({ now: () => PAYMENT_TEST_NOW });
    [batchId = ''] = await batchesWithPlans(testApp.db, 3);
  });

  afterAll(async () => {
    await testApp.close();
  });

  /** A family with a child and a paid pack, its receipt's token, and the child's name. */
  async function payingFamily() {
    const { learner, order, packId } = await familyWithPaidPack(testApp.app, testApp.db, batchId);
    const added = await learner.call('POST', `/v1/user/accounts/${learner.accountId}/addStudent`, { name: 'Ananya Test', school: 'Hill School' });
    expect(added.statusCode).toBe(201);
    const receipt = await testApp.db.selectFrom('orders').select(['receipt_number', 'receipt_token']).where('id', '=', order.orderId).executeTakeFirstOrThrow();
    return { learner, packId, receiptNumber: receipt.receipt_number ?? '', receiptToken: receipt.receipt_token ?? '' };
  }

  it('downloads one JSON file with the account, the students and the receipts, and records the download', async () => {
    const { learner, receiptNumber, receiptToken } = await payingFamily();
    const response = await learner.call('GET', '/v1/user/data-export');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="kalike-data-2025-06-02\.json"$/);
    expect(response.headers['cache-control']).toBe('no-store');
    const file = response.json();
    expect(file.about.title).toBe('Everything Kalike holds about you');
    expect(file.about.sections_cut_short).toEqual([]);
    expect(file.account).toMatchObject({ phone: learner.phone, name: 'Test Parent', roles: ['Learner'] });
    expect(file.students).toEqual([expect.objectContaining({ name: 'Ananya Test', school: 'Hill School' })]);
    const [order] = file.orders_and_receipts;
    expect(order).toMatchObject({ receipt_number: receiptNumber, receipt_pdf_path: receiptPdfPath(receiptToken), status: 'paid' });
    expect(order.total_paise).toEqual({ paise: expect.any(Number), rupees: expect.stringMatching(/^₹[\d,]+\.\d{2}$/) });
    expect(order.paid_at).toBe(PAYMENT_TEST_NOW.toISOString());
    expect(file.class_packs).toHaveLength(1);
    const recorded = await testApp.db
      .selectFrom('data_exports as d')
      .innerJoin('users as u', 'u.id', 'd.user_id')
      .select(['d.role', 'd.rows_total', 'd.capped'])
      .where('u.phone', '=', learner.phone)
      .execute();
    expect(recorded).toEqual([{ role: 'Learner', rows_total: expect.any(Number), capped: false }]);
    expect(recorded[0]?.rows_total).toBeGreaterThan(3);
  });

  it('deletes the account with the texted code: the pack refunded, the data erased, sign-ins ended; the receipt stays valid and the phone starts afresh', async () => {
    const { learner, packId, receiptToken } = await payingFamily();
    const userId = (await testApp.db.selectFrom('users').select('id').where('phone', '=', learner.phone).executeTakeFirstOrThrow()).id;

    const outlookResponse = await learner.call('GET', '/v1/user/account/deletion');
    expect(outlookResponse.statusCode).toBe(200);
    const outlook = outlookResponse.json() as DeletionOutlook;
    const pack = outlook.packs[0];
    expect(outlook.packs).toHaveLength(1);
    expect(pack).toMatchObject({ packId, outcome: 'refunded', teacherName: expect.any(String), forfeitedCreditPaise: 0 });
    expect(pack?.refundPaise).toBeGreaterThan(0);
    expect(outlook.refundTotalPaise).toBe(pack?.refundPaise);
    expect(outlook.blockers).toEqual([]);

    // No code, or a wrong one: nothing happens.
    expectError(await learner.call('POST', '/v1/user/account/deletion', { expectedRefundPaise: outlook.refundTotalPaise }), 400, 'VALIDATION_ERROR');
    const confirmation = await actionConfirmation(testApp.app, learner.token, learner.phone, 'delete-account');
    const wrongCode = confirmation.code === '000000' ? '111111' : '000000';
    expectError(
      await learner.call('POST', '/v1/user/account/deletion', {
        confirmation: { ...confirmation, code: wrongCode },
        expectedRefundPaise: outlook.refundTotalPaise,
      }),
      400,
      'INVALID_CODE',
    );
    // An amount other than the one shown: refused, the code still usable.
    expectError(
      await learner.call('POST', '/v1/user/account/deletion', { confirmation, expectedRefundPaise: outlook.refundTotalPaise + 1 }),
      409,
      'REFUND_AMOUNT_CHANGED',
    );
    expect((await testApp.db.selectFrom('users').select('erased_at').where('id', '=', userId).executeTakeFirstOrThrow()).erased_at).toBeNull();

    const deleted = await learner.call('POST', '/v1/user/account/deletion', { confirmation, expectedRefundPaise: outlook.refundTotalPaise });
    expect(deleted.statusCode).toBe(200);
    const erasure = deleted.json() as AccountErasure;
    expect(erasure).toMatchObject({ packsRefunded: 1, packsForfeited: 0, refundedPaise: outlook.refundTotalPaise, erasedAt: PAYMENT_TEST_NOW.toISOString() });

    // The refund went through the refund rules: booked, sent to the gateway, the pack cancelled.
    const refunds = await testApp.db
      .selectFrom('refunds')
      .select(['amount_paise', 'method', 'status', 'reason_kind'])
      .where('batch_student_plan_id', '=', packId)
      .execute();
    expect(refunds).toEqual([{ amount_paise: outlook.refundTotalPaise, method: 'original', status: 'succeeded', reason_kind: 'family_cancelled' }]);
    expect((await testApp.db.selectFrom('batch_student_plans').select('status').where('id', '=', packId).executeTakeFirstOrThrow()).status).toBe('cancelled');

    // Personal data gone; the erasure recorded with a keyed hash, never the phone.
    const user = await testApp.db.selectFrom('users').select(['phone', 'erased_at']).where('id', '=', userId).executeTakeFirstOrThrow();
    expect(user).toEqual({ phone: erasedPhone(userId), erased_at: PAYMENT_TEST_NOW });
    const account = await testApp.db.selectFrom('learner_accounts').select(['name', 'email']).where('id', '=', learner.accountId).executeTakeFirstOrThrow();
    expect(account).toEqual({ name: 'Deleted account', email: null });
    const students = await testApp.db.selectFrom('students').select(['name', 'school']).where('learner_account_id', '=', learner.accountId).execute();
    expect(students).toEqual([{ name: 'Deleted student', school: null }]);
    const record = await testApp.db.selectFrom('account_erasures').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
    expect(record.phone_hash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify(record)).not.toContain(learner.phone.slice(3));
    await expect(testApp.db.deleteFrom('account_erasures').where('user_id', '=', userId).execute()).rejects.toThrow(/append-only/);
    expect(await testApp.db.selectFrom('sms_outbox').select('id').where('to_phone', '=', learner.phone).execute()).toEqual([]);
    // The refund's notice after the erasure (the gateway answered once it committed) reaches no one.
    expect(await testApp.db.selectFrom('notifications').select('kind').where('user_id', '=', userId).execute()).toEqual([]);

    // Sign-ins ended at once.
    expectError(await learner.call('GET', '/v1/user/data-export'), 401, 'UNAUTHORIZED');

    // The receipt still opens by its link: the teacher's books still hold it.
    const pdf = await testApp.app.inject({ method: 'GET', url: receiptPdfPath(receiptToken) });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');

    // Deleting again answers the same, without a code and without refunding twice.
    const repeated = createAccountErasure({
      repository: createErasureRepository(testApp.db),
      accountClosing: testApp.app.payments.accountClosing,
      codes: { verify: () => Promise.reject(new Error('no code is asked again')), spend: () => Promise.reject(new Error('no code is used again')) },
      closeEnquiry: () => Promise.reject(new Error('nothing is closed again')),
      declineEnquiry: () => Promise.reject(new Error('nothing is declined again')),
      hashPhone: (phone) => testApp.app.auth.hmac('erased-phone', phone),
      onTeacherGone: () => Promise.reject(new Error('no page is taken down again')),
      now: () => PAYMENT_TEST_NOW,
      log: testApp.app.log,
    });
    const repeat = await repeated.erase(
      { userId, userType: 'Learner', learnerAccountId: learner.accountId, teacherId: null, isAdmin: false },
      { confirmation, expectedRefundPaise: 0 },
    );
    expect(repeat).toEqual(erasure);
    expect(await testApp.db.selectFrom('refunds').select('id').where('batch_student_plan_id', '=', packId).execute()).toHaveLength(1);

    // The same phone signs in to a new, empty account.
    const again = await signIn(testApp.app, learner.phone, '10.9.9.9');
    const fresh = again.user.learnerAccount?.id ?? '';
    expect(fresh).not.toBe(learner.accountId);
    const freshAccount = await caller(testApp.app, again.tokens.accessToken)('GET', `/v1/user/accounts/${fresh}`);
    expect(freshAccount.statusCode).toBe(200);
    expect((freshAccount.json() as LearnerAccountDto).students).toEqual({});
    expect((freshAccount.json() as LearnerAccountDto).isCustomer).toBe(false);
  });

  it("refuses a teacher's deletion while families hold classes with them, and says why", async () => {
    await payingFamily();
    const teacher = await testApp.db
      .selectFrom('batches as b')
      .innerJoin('programs as p', 'p.id', 'b.program_id')
      .innerJoin('teacher_listings as l', 'l.id', 'p.listing_id')
      .innerJoin('users as u', 'u.teacher_id', 'l.teacher_id')
      .select(['u.phone'])
      .where('b.id', '=', batchId)
      .executeTakeFirstOrThrow();
    const signedIn = await signIn(testApp.app, teacher.phone, '10.9.9.10');
    const call = caller(testApp.app, signedIn.tokens.accessToken);
    const outlook = (await call('GET', '/v1/user/account/deletion')).json() as DeletionOutlook;
    expect(outlook.roles).toContain('Teacher');
    expect(outlook.publicListings).toBeGreaterThan(0);
    expect(outlook.blockers).toEqual([
      { code: 'families_hold_classes', message: expect.stringMatching(/still hold classes with you\. End your batches first/) },
    ]);
    const confirmation = await actionConfirmation(testApp.app, signedIn.tokens.accessToken, teacher.phone, 'delete-account', '10.9.9.10');
    expectError(
      await call('POST', '/v1/user/account/deletion', { confirmation, expectedRefundPaise: outlook.refundTotalPaise }),
      409,
      'ACCOUNT_DELETION_BLOCKED',
    );
    expect((await testApp.db.selectFrom('users').select('erased_at').where('phone', '=', teacher.phone).executeTakeFirstOrThrow()).erased_at).toBeNull();
  });

  it("takes a teacher's public page down at once when they delete, with the web origins told", async () => {
    const { rows } = await sql<{ phone: string; teacher_id: string }>`
      select u.phone, u.teacher_id from users u
      where u.teacher_id is not null and u.erased_at is null
        and exists (select 1 from teacher_listings l where l.teacher_id = u.teacher_id and l.is_active)
        and not exists (
          select 1 from batch_students bs join batches b on b.id = bs.batch_id join programs p on p.id = b.program_id
          join teacher_listings l on l.id = p.listing_id where l.teacher_id = u.teacher_id)
        and not exists (select 1 from payouts po where po.teacher_id = u.teacher_id and po.status in ('created', 'processing'))
      order by exists (select 1 from enquiries e where e.teacher_id = u.teacher_id and e.state in ('sent', 'seen', 'responded')) desc, u.phone
      limit 1`.execute(testApp.db);
    const teacher = rows[0];
    if (!teacher) throw new Error('The seed has no teacher without students');
    const openEnquiries = () =>
      testApp.db
        .selectFrom('enquiries')
        .select('id')
        .where('teacher_id', '=', teacher.teacher_id)
        .where('state', 'in', ['sent', 'seen', 'responded'])
        .execute();
    const openBefore = await openEnquiries();
    expect(openBefore.length).toBeGreaterThan(0);
    const signedIn = await signIn(testApp.app, teacher.phone, '10.9.9.11');
    const call = caller(testApp.app, signedIn.tokens.accessToken);
    const outlook = (await call('GET', '/v1/user/account/deletion')).json() as DeletionOutlook;
    expect(outlook.blockers).toEqual([]);
    // Their photo, as they uploaded it: its files must not outlive the account.
    const boundary = `----kalike${randomBytes(8).toString('hex')}`;
    const photo = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#7d3c98' } })
      .jpeg()
      .toBuffer();
    const uploaded = await call(
      'PUT',
      '/v1/teachers/me/photo',
      Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="me.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
        photo,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
      { 'content-type': `multipart/form-data; boundary=${boundary}` },
    );
    expect(uploaded.statusCode).toBe(200);
    const photoUrls = (uploaded.json() as { photo: { srcset: Array<{ url: string }> } }).photo.srcset.map((size) => size.url);
    expect((await testApp.app.inject({ method: 'GET', url: photoUrls[0] })).statusCode).toBe(200);

    const confirmation = await actionConfirmation(testApp.app, signedIn.tokens.accessToken, teacher.phone, 'delete-account', '10.9.9.11');
    const deleted = await call('POST', '/v1/user/account/deletion', { confirmation, expectedRefundPaise: outlook.refundTotalPaise });
    expect(deleted.statusCode).toBe(200);
    expect((deleted.json() as AccountErasure).listingsUnpublished).toBe(outlook.publicListings);
    const listings = await testApp.db.selectFrom('teacher_listings').select('is_active').where('teacher_id', '=', teacher.teacher_id).execute();
    expect(listings.every((listing) => !listing.is_active)).toBe(true);
    expect(await testApp.db.selectFrom('public_page_changes').select('teacher_id').where('teacher_id', '=', teacher.teacher_id).execute()).not.toEqual([]);
    const profile = await testApp.db
      .selectFrom('teachers')
      .select(['name', 'bio', 'photo_url', 'phone'])
      .where('id', '=', teacher.teacher_id)
      .executeTakeFirstOrThrow();
    expect(profile).toMatchObject({ name: 'Former Kalike teacher', bio: '', photo_url: null });
    expect(profile.phone).toMatch(/^erased:/);
    for (const url of photoUrls) expect((await testApp.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    // Families waiting on the teacher are answered: each open enquiry declined by the teacher's own move.
    expect(await openEnquiries()).toEqual([]);
    if (openBefore.length > 0) {
      const declined = await testApp.db
        .selectFrom('enquiries')
        .select(['state', 'decline_reason'])
        .where('id', '=', openBefore[0]!.id)
        .executeTakeFirstOrThrow();
      expect(declined).toEqual({ state: 'declined', decline_reason: 'The teacher has left Kalike.' });
    }
  });
});
