import { dataExportSectionCap } from '@kalike/shared/contracts/data-rights';
import { formatPaiseExact } from '@kalike/shared/format/money';
import type { AuthUser } from '../../plugins/auth';
import { DomainError } from '../../shared/domain-error';
import { creditNotePdfPath, receiptPdfPath } from '../payments/payments.port';
import type { DataExportRepository, Section } from './data-export.repository';

/** A UPI id shown as its first two characters and its handle: enough to recognise, not to use. */
export function maskUpi(upi: string | null): string | null {
  if (!upi) return null;
  const at = upi.indexOf('@');
  return at <= 0 ? '••••' : `${upi.slice(0, Math.min(2, at))}••••${upi.slice(at)}`;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/**
 * One value as the file shows it: times as ISO 8601 in UTC, every `…_paise` amount as both its
 * paise and its rupees (`{ "paise": 240000, "rupees": "₹2,400.00" }`), so the file reads without
 * arithmetic and sums exactly.
 */
export function readable(key: string, value: unknown): Json {
  if (value instanceof Date) return value.toISOString();
  if (key.endsWith('_paise') && typeof value === 'number') return { paise: value, rupees: formatPaiseExact(value) };
  if (Array.isArray(value)) return value.map((item) => readable('', item));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([inner, item]) => [inner, readable(inner, item)]));
  if (value === undefined) return null;
  return value as Json;
}

const readableRow = (row: object): Json => readable('', row);

/** Sections in the order the file lists them, each with its rows and, when cut short, a note saying so. */
class FileBuilder {
  readonly file: Record<string, Json> = {};
  rowsTotal = 0;
  readonly capped: string[] = [];

  section<T extends object>(name: string, section: Section<T>, shape: (row: T) => object = (row) => row): void {
    this.rowsTotal += section.rows.length;
    if (section.capped) this.capped.push(name);
    this.file[name] = section.rows.map((row) => readableRow(shape(row)));
  }

  value(name: string, value: object | null | undefined): void {
    if (value) this.rowsTotal += 1;
    this.file[name] = value ? readableRow(value) : null;
  }
}

const receiptLinks = (token: string | null) => (token ? { receipt_pdf_path: receiptPdfPath(token) } : {});

/** The top of the file: what it is, how to read it, and what was left out. */
function aboutSection(user: AuthUser, at: Date, capped: readonly string[]): Json {
  return {
    title: 'Everything Kalike holds about you',
    downloaded_at: at.toISOString(),
    signed_in_as: user.userType,
    how_to_read: [
      'Each section below is one kind of record, newest first where order matters.',
      'Times are ISO 8601 in UTC (India is UTC+05:30); dates without a time are calendar days in India.',
      'Amounts are shown twice: in paise (1 rupee = 100 paise) and in rupees.',
      'receipt_pdf_path and credit_note links open on Kalike (https://<the Kalike site>/api followed by the path); they are your tax invoices and credit notes.',
      'To correct something, change it on your account page; to delete your account, use "Delete your account" there.',
    ],
    section_limit: `Each section holds at most ${dataExportSectionCap} rows.`,
    sections_cut_short: [...capped],
  };
}

/**
 * The person's download: one JSON file with a readable top section, then their account and, for
 * each role the phone has, what that role's records hold about them. Every download is recorded
 * (who, when, how many rows).
 */
export function createDataExport({ repository, now }: { repository: DataExportRepository; now: () => Date }) {
  async function learnerSections(builder: FileBuilder, learnerAccountId: string, phone: string): Promise<void> {
    builder.section('locations', await repository.locations(learnerAccountId));
    builder.section('students', await repository.students(learnerAccountId));
    builder.section('enquiries', await repository.enquiries(learnerAccountId));
    builder.section('messages', await repository.learnerMessages(learnerAccountId));
    builder.section('orders_and_receipts', await repository.orders(learnerAccountId), ({ receipt_token, ...order }) => ({
      ...order,
      ...receiptLinks(receipt_token),
    }));
    builder.section('payments', await repository.payments(learnerAccountId));
    builder.section('class_packs', await repository.packs(learnerAccountId));
    builder.section('refunds_and_credit_notes', await repository.refunds(learnerAccountId), ({ credit_note_token, ...refund }) => ({
      ...refund,
      credit_note_pdf_path: credit_note_token ? creditNotePdfPath(credit_note_token) : null,
    }));
    builder.section('payment_requests', await repository.paymentRequests(phone));
    builder.section('attendance', await repository.attendance(learnerAccountId));
    builder.section('demo_bookings', await repository.demoBookings(learnerAccountId));
    builder.section('shortlist', await repository.shortlists(learnerAccountId));
    builder.section('reviews_written', await repository.reviewsWritten(learnerAccountId));
  }

  async function teacherSections(builder: FileBuilder, teacherId: string, userId: string): Promise<void> {
    builder.value('teacher_profile', await repository.teacherProfile(teacherId));
    builder.section('teacher_listings', await repository.listings(teacherId));
    builder.section('teacher_batches', await repository.batches(teacherId));
    builder.section('teacher_students', await repository.teacherStudents(teacherId));
    builder.section('teacher_messages_written', await repository.authoredMessages(userId));
    builder.section('payouts', await repository.payouts(teacherId));
    const account = await repository.payoutAccount(teacherId);
    builder.value(
      'payout_account',
      account ? { ...account, upi_id: maskUpi(account.upi_id), account_last4: account.account_last4 ? `••••${account.account_last4}` : null } : null,
    );
  }

  return {
    async download(user: AuthUser): Promise<{ fileName: string; body: string }> {
      const at = now();
      const person = await repository.findPerson(user.userId);
      if (!person || person.erased_at) throw new DomainError('UNAUTHORIZED', 'Sign in to continue', 401);
      const builder = new FileBuilder();
      builder.value('account', {
        phone: person.phone,
        name: person.name ?? null,
        email: person.email ?? null,
        roles: [...(person.learner_account_id ? ['Learner'] : []), ...(person.teacher_id ? ['Teacher'] : [])],
        created_at: person.created_at,
      });
      if (person.learner_account_id) await learnerSections(builder, person.learner_account_id, person.phone);
      if (person.teacher_id) await teacherSections(builder, person.teacher_id, user.userId);
      builder.section('notifications', await repository.notifications(user.userId));
      builder.section('consents', await repository.consents(user.userId));
      builder.section('notification_preferences', await repository.preferences(user.userId));
      builder.section('push_subscriptions', await repository.pushSubscriptions(user.userId));
      await repository.record({ userId: user.userId, role: user.userType, rowsTotal: builder.rowsTotal, capped: builder.capped.length > 0, at });
      const body = JSON.stringify({ about: aboutSection(user, at, builder.capped), ...builder.file }, null, 2);
      return { fileName: `kalike-data-${at.toISOString().slice(0, 10)}.json`, body };
    },
  };
}
