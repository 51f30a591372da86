import type { ParamField } from './notification-kind-definition';
import { definitionOf, kindsOfAudience, notificationKindIds, notificationKinds, paramsFit, type NotificationKind } from './notification-kinds';

const MARKER = 'ZZMARKERZZ';

/** Params for a kind: names are names, ids carry the marker, and the rest are plausible values. */
function sampleParams(kind: NotificationKind, idValue: string): Record<string, string | number | string[]> {
  const values: Record<ParamField, string | number | string[]> = {
    name: 'Asha Rao',
    names: ['Saanvi', 'Vihaan'],
    instant: '2026-11-24T12:00:00.000Z',
    day: '2026-11-30',
    paise: 240_000,
    count: 3,
    id: idValue,
  };
  return Object.fromEntries(Object.entries(definitionOf(kind).fields).map(([name, field]) => [name, values[field]]));
}

describe('the notification catalogue', () => {
  const learnerKinds = [
    'class.tomorrow',
    'class.in_an_hour',
    'class.cancelled',
    'class.holiday',
    'class.extra',
    'batch.post',
    'pack.one_left',
    'pack.used_up',
    'pack.expiring',
    'pack.queued',
    'pack.extended',
    'refund.booked',
    'payment_request.created',
    'payment_request.due_tomorrow',
    'payment_request.overdue',
    'enquiry.replied',
    'offer.made',
    'offer.expiring',
    'receipt.ready',
    'message.new',
  ];
  const teacherKinds = [
    'teach.today',
    'teach.enquiry_new',
    'teach.enquiry_reply_due',
    'teach.register_missing',
    'teach.payment_received',
    'teach.student_no_classes',
    'teach.payout_paid',
    'teach.payout_failed',
    'teach.payout_account_changed',
    'teach.listing_approved',
    'teach.listing_sent_back',
    'teach.review_new',
    'teach.message_new',
  ];

  test('holds every kind of both audiences, and nothing else', () => {
    expect(kindsOfAudience('learner').sort()).toEqual([...learnerKinds].sort());
    expect(kindsOfAudience('teacher').sort()).toEqual([...teacherKinds].sort());
  });

  test('every kind has a label of its own within its audience, for the settings page', () => {
    for (const audience of ['learner', 'teacher'] as const) {
      const labels = kindsOfAudience(audience).map((id) => definitionOf(id).label);
      expect(labels.every((label) => label.length > 0 && label.length <= 40)).toBe(true);
      expect(new Set(labels).size).toBe(labels.length);
    }
  });

  test('only the class-in-an-hour reminder and the payout account security notice go out in quiet hours', () => {
    expect(notificationKindIds.filter((id) => notificationKinds[id].quietHours === 'exempt')).toEqual(['class.in_an_hour', 'teach.payout_account_changed']);
  });

  test('only the payout account security notice cannot be turned off, and only by SMS', () => {
    expect(notificationKindIds.filter((id) => (notificationKinds[id].requiredChannels ?? []).length > 0)).toEqual(['teach.payout_account_changed']);
    expect(notificationKinds['teach.payout_account_changed'].requiredChannels).toEqual(['sms']);
  });

  test('no param is shaped like anyone’s own words', () => {
    const freeText = /reason|message|body|about|bio|note|text|comment|post|description|content/i;
    for (const id of notificationKindIds)
      expect({ id, fields: Object.keys(definitionOf(id).fields).filter((name) => freeText.test(name)) }).toEqual({ id, fields: [] });
  });

  test.each(notificationKindIds)('%s: the text carries only names, dates and amounts, never what an id field holds', (id) => {
    const definition = definitionOf(id);
    const params = sampleParams(id, MARKER);
    expect(paramsFit(id, params)).toBe(true);
    const text = definition.text(params);
    expect(text).toMatch(/^Kalike: /);
    expect(text).not.toContain(MARKER);
    expect(text).not.toMatch(/\{\{\d+\}\}/);
    // Every placeholder of the WhatsApp body is filled by one value, in order.
    const placeholders = definition.template.body.match(/\{\{\d+\}\}/g) ?? [];
    expect(definition.template.values(params)).toHaveLength(placeholders.length);
    expect(definition.inApp(params)).not.toContain(MARKER);
    expect(definition.whatsappTemplate).toMatch(/^[a-z0-9_]{1,512}$/);
    expect(definition.link(sampleParams(id, '00000000-0000-4000-8000-000000000001'))).toMatch(/^\//);
  });

  test('renders the words families read', () => {
    const params = {
      teacherName: 'Lakshmi Narayan',
      programName: 'Carnatic vocals',
      batchName: 'Saturday beginners',
      startsAt: '2026-11-28T11:30:00.000Z',
      studentNames: ['Saanvi', 'Vihaan'],
      sessionId: 'x',
    };
    expect(notificationKinds['class.tomorrow'].text(params)).toBe(
      'Kalike: reminder for Saanvi and Vihaan: Carnatic vocals (Saturday beginners) with Lakshmi Narayan tomorrow, Saturday, 28 November at 5:00 pm.',
    );
    expect(
      notificationKinds['payment_request.created'].inApp({ teacherName: 'Lakshmi', amountPaise: 240_000, dueOn: '2026-12-01', paymentRequestId: 'r' }),
    ).toBe('Lakshmi asked you to pay ₹2,400 by Tuesday, 1 December 2026.');
  });

  test('stored params that miss a field or hold the wrong kind of value do not fit', () => {
    expect(paramsFit('teach.payout_paid', { amountPaise: 100 })).toBe(true);
    expect(paramsFit('teach.payout_paid', { amountPaise: '100' })).toBe(false);
    expect(paramsFit('teach.payout_paid', {})).toBe(false);
    expect(paramsFit('class.holiday', { ...sampleParams('class.holiday', 'x'), studentNames: 'Saanvi' })).toBe(false);
  });
});
