import * as paths from '@kalike/shared/routing/paths';
import { at, classes, day, kind, messageFields, namesTogether, rupees, shortDay, textAndPush, when } from '@kalike/shared/domain/notification-kind-definition';

function days(startsOn: string, endsOn: string): string {
  return startsOn === endsOn ? `on ${day(startsOn)}` : `from ${shortDay(startsOn)} to ${day(endsOn)}`;
}

const classFields = {
  teacherName: 'name',
  programName: 'name',
  batchName: 'name',
  startsAt: 'instant',
  studentNames: 'names',
  sessionId: 'id',
} as const;

const packFields = { programName: 'name', batchName: 'name', studentName: 'name', batchStudentId: 'id' } as const;

const requestFields = { teacherName: 'name', amountPaise: 'paise', dueOn: 'day', paymentRequestId: 'id' } as const;

const enquiryFields = { teacherName: 'name', listingTitle: 'name', enquiryId: 'id' } as const;

const packLink = ({ batchStudentId }: { batchStudentId: string }) => paths.paymentStep('select-payment-plan', batchStudentId);

/** What families are told: classes, packs, payments, enquiries and messages. */
export const learnerNotificationKinds = {
  'class.tomorrow': kind('class.tomorrow', {
    label: 'Class tomorrow (the evening before)',
    audience: 'learner',
    group: 'class_reminders',
    quietHours: 'defer',
    fields: classFields,
    inApp: (p) => `Tomorrow at ${at(p.startsAt)}: ${p.programName} (${p.batchName}) with ${p.teacherName} for ${namesTogether(p.studentNames)}.`,
    template: {
      body: 'Kalike: reminder for {{1}}: {{2}} ({{3}}) with {{4}} tomorrow, {{5}}.',
      values: (p) => [namesTogether(p.studentNames), p.programName, p.batchName, p.teacherName, when(p.startsAt)],
    },
    link: () => paths.learnerSessions(),
    defaultChannels: textAndPush,
  }),
  'class.in_an_hour': kind('class.in_an_hour', {
    label: 'Class in an hour',
    audience: 'learner',
    group: 'class_reminders',
    // An hour's notice is worth more than an undisturbed evening: this one is never held back.
    quietHours: 'exempt',
    fields: classFields,
    inApp: (p) => `In an hour, at ${at(p.startsAt)}: ${p.programName} (${p.batchName}) with ${p.teacherName} for ${namesTogether(p.studentNames)}.`,
    template: {
      body: 'Kalike: in an hour, at {{1}}: {{2}} ({{3}}) with {{4}} for {{5}}.',
      values: (p) => [at(p.startsAt), p.programName, p.batchName, p.teacherName, namesTogether(p.studentNames)],
    },
    link: () => paths.learnerSessions(),
    defaultChannels: textAndPush,
  }),
  'class.cancelled': kind('class.cancelled', {
    label: 'A class is cancelled',
    audience: 'learner',
    group: 'class_changes',
    quietHours: 'defer',
    fields: classFields,
    inApp: (p) => `${p.teacherName} cancelled ${p.programName} (${p.batchName}) on ${when(p.startsAt)}. No class is taken from your pack for it.`,
    template: {
      body: 'Kalike: {{1}} has cancelled the {{2}} class ({{3}}) on {{4}} for {{5}}. No class is taken from your pack for it.',
      values: (p) => [p.teacherName, p.programName, p.batchName, when(p.startsAt), namesTogether(p.studentNames)],
    },
    link: () => paths.learnerSessions(),
    defaultChannels: textAndPush,
  }),
  'class.holiday': kind('class.holiday', {
    label: 'A holiday in the batch',
    audience: 'learner',
    group: 'class_changes',
    quietHours: 'defer',
    fields: { teacherName: 'name', programName: 'name', batchName: 'name', startsOn: 'day', endsOn: 'day', studentNames: 'names' },
    inApp: (p) => `No ${p.programName} classes (${p.batchName}) ${days(p.startsOn, p.endsOn)}: ${p.teacherName} is on holiday.`,
    template: {
      body: 'Kalike: {{1}} has a holiday {{2}}. There are no {{3}} classes ({{4}}) for {{5}} then.',
      values: (p) => [p.teacherName, days(p.startsOn, p.endsOn), p.programName, p.batchName, namesTogether(p.studentNames)],
    },
    link: () => paths.learnerSessions(),
    defaultChannels: textAndPush,
  }),
  'class.extra': kind('class.extra', {
    label: 'An extra class',
    audience: 'learner',
    group: 'class_changes',
    quietHours: 'defer',
    fields: classFields,
    inApp: (p) => `${p.teacherName} added an extra ${p.programName} class (${p.batchName}) on ${when(p.startsAt)}.`,
    template: {
      body: 'Kalike: {{1}} has added an extra {{2}} class ({{3}}) on {{4}} for {{5}}.',
      values: (p) => [p.teacherName, p.programName, p.batchName, when(p.startsAt), namesTogether(p.studentNames)],
    },
    link: () => paths.learnerSessions(),
    defaultChannels: textAndPush,
  }),
  'batch.post': kind('batch.post', {
    label: "A post to your child's batch",
    audience: 'learner',
    group: 'class_changes',
    quietHours: 'defer',
    fields: { teacherName: 'name', programName: 'name', batchName: 'name' },
    inApp: (p) => `${p.teacherName} posted to ${p.programName} (${p.batchName}).`,
    template: {
      body: 'Kalike: {{1}} has posted to {{2}} ({{3}}). Read it in the app.',
      values: (p) => [p.teacherName, p.programName, p.batchName],
    },
    link: () => paths.learnerSessions(),
    defaultChannels: textAndPush,
  }),
  'pack.one_left': kind('pack.one_left', {
    label: 'One class left in a pack',
    audience: 'learner',
    group: 'packs_and_payments',
    quietHours: 'defer',
    fields: packFields,
    inApp: (p) => `${p.studentName} has 1 class left in the ${p.programName} pack (${p.batchName}).`,
    template: {
      body: 'Kalike: {{1}} has 1 class left in the {{2}} pack ({{3}}). Buy the next pack to keep the place.',
      values: (p) => [p.studentName, p.programName, p.batchName],
    },
    link: packLink,
    defaultChannels: textAndPush,
  }),
  'pack.used_up': kind('pack.used_up', {
    label: 'A pack is used up',
    audience: 'learner',
    group: 'packs_and_payments',
    quietHours: 'defer',
    fields: packFields,
    inApp: (p) => `${p.studentName}'s ${p.programName} pack (${p.batchName}) is used up.`,
    template: {
      body: "Kalike: {{1}}'s {{2}} pack ({{3}}) is used up. Buy the next pack to keep coming to class.",
      values: (p) => [p.studentName, p.programName, p.batchName],
    },
    link: packLink,
    defaultChannels: textAndPush,
  }),
  'pack.expiring': kind('pack.expiring', {
    label: 'A pack expires in 7 days',
    audience: 'learner',
    group: 'packs_and_payments',
    quietHours: 'defer',
    fields: { ...packFields, classesLeft: 'count', expiresOn: 'day' },
    inApp: (p) => `${classes(p.classesLeft)} left in ${p.studentName}'s ${p.programName} pack (${p.batchName}) lapse on ${day(p.expiresOn)}.`,
    template: {
      body: "Kalike: {{1}} left in {{2}}'s {{3}} pack ({{4}}) lapse on {{5}}.",
      values: (p) => [classes(p.classesLeft), p.studentName, p.programName, p.batchName, day(p.expiresOn)],
    },
    link: packLink,
    defaultChannels: textAndPush,
  }),
  'pack.queued': kind('pack.queued', {
    label: 'A new pack waits its turn',
    audience: 'learner',
    group: 'packs_and_payments',
    quietHours: 'defer',
    fields: packFields,
    inApp: (p) => `${p.studentName}'s new ${p.programName} pack (${p.batchName}) starts when the current one is used up.`,
    template: {
      body: "Kalike: {{1}}'s new {{2}} pack ({{3}}) is paid and starts when the current one is used up.",
      values: (p) => [p.studentName, p.programName, p.batchName],
    },
    link: () => paths.classes(),
    defaultChannels: textAndPush,
  }),
  'pack.extended': kind('pack.extended', {
    label: "A pack's validity is extended",
    audience: 'learner',
    group: 'packs_and_payments',
    quietHours: 'defer',
    fields: { ...packFields, validUntil: 'day' },
    inApp: (p) => `${p.studentName}'s ${p.programName} pack (${p.batchName}) is now valid until ${day(p.validUntil)}.`,
    template: {
      body: "Kalike: {{1}}'s {{2}} pack ({{3}}) is now valid until {{4}}.",
      values: (p) => [p.studentName, p.programName, p.batchName, day(p.validUntil)],
    },
    link: () => paths.classes(),
    defaultChannels: textAndPush,
  }),
  'refund.booked': kind('refund.booked', {
    label: 'A refund is booked',
    audience: 'learner',
    group: 'packs_and_payments',
    quietHours: 'defer',
    fields: { amountPaise: 'paise', programName: 'name' },
    inApp: (p) => `A refund of ${rupees(p.amountPaise)} for ${p.programName} is on its way.`,
    template: {
      body: 'Kalike: a refund of {{1}} for {{2}} is on its way to you.',
      values: (p) => [rupees(p.amountPaise), p.programName],
    },
    link: () => paths.accountPayments(),
    defaultChannels: textAndPush,
  }),
  'payment_request.created': kind('payment_request.created', {
    label: 'A teacher asks you to pay',
    audience: 'learner',
    group: 'packs_and_payments',
    quietHours: 'defer',
    fields: requestFields,
    inApp: (p) => `${p.teacherName} asked you to pay ${rupees(p.amountPaise)} by ${day(p.dueOn)}.`,
    template: {
      body: 'Kalike: {{1}} has asked you to pay {{2}} by {{3}}.',
      values: (p) => [p.teacherName, rupees(p.amountPaise), day(p.dueOn)],
    },
    link: (p) => paths.paymentRequest(p.paymentRequestId),
    defaultChannels: textAndPush,
  }),
  'payment_request.due_tomorrow': kind('payment_request.due_tomorrow', {
    label: 'A payment is due tomorrow',
    audience: 'learner',
    group: 'packs_and_payments',
    quietHours: 'defer',
    fields: requestFields,
    inApp: (p) => `${rupees(p.amountPaise)} to ${p.teacherName} is due tomorrow.`,
    template: {
      body: 'Kalike: {{1}} to {{2}} is due tomorrow, {{3}}.',
      values: (p) => [rupees(p.amountPaise), p.teacherName, day(p.dueOn)],
    },
    link: (p) => paths.paymentRequest(p.paymentRequestId),
    defaultChannels: textAndPush,
  }),
  'payment_request.overdue': kind('payment_request.overdue', {
    label: 'A payment is overdue',
    audience: 'learner',
    group: 'packs_and_payments',
    quietHours: 'defer',
    fields: requestFields,
    inApp: (p) => `${rupees(p.amountPaise)} to ${p.teacherName} was due on ${day(p.dueOn)}.`,
    template: {
      body: 'Kalike: {{1}} to {{2}} was due on {{3}} and is not paid yet.',
      values: (p) => [rupees(p.amountPaise), p.teacherName, day(p.dueOn)],
    },
    link: (p) => paths.paymentRequest(p.paymentRequestId),
    defaultChannels: textAndPush,
  }),
  'enquiry.replied': kind('enquiry.replied', {
    label: 'A teacher replies to your enquiry',
    audience: 'learner',
    group: 'enquiries_and_messages',
    quietHours: 'defer',
    fields: enquiryFields,
    inApp: (p) => `${p.teacherName} replied to your enquiry for ${p.listingTitle}.`,
    template: {
      body: 'Kalike: {{1}} replied to your enquiry for {{2}}.',
      values: (p) => [p.teacherName, p.listingTitle],
    },
    link: (p) => paths.enquiryDetail(p.enquiryId),
    defaultChannels: textAndPush,
  }),
  'offer.made': kind('offer.made', {
    label: 'A teacher makes an offer',
    audience: 'learner',
    group: 'enquiries_and_messages',
    quietHours: 'defer',
    fields: enquiryFields,
    inApp: (p) => `${p.teacherName} made you an offer for ${p.listingTitle}.`,
    template: {
      body: 'Kalike: {{1}} made you an offer for {{2}}.',
      values: (p) => [p.teacherName, p.listingTitle],
    },
    link: (p) => paths.enquiryDetail(p.enquiryId),
    defaultChannels: textAndPush,
  }),
  'offer.expiring': kind('offer.expiring', {
    label: 'An offer is about to expire',
    audience: 'learner',
    group: 'enquiries_and_messages',
    quietHours: 'defer',
    fields: { ...enquiryFields, expiresAt: 'instant' },
    inApp: (p) => `${p.teacherName}'s offer for ${p.listingTitle} ends on ${when(p.expiresAt)}.`,
    template: {
      body: "Kalike: {{1}}'s offer for {{2}} ends on {{3}}.",
      values: (p) => [p.teacherName, p.listingTitle, when(p.expiresAt)],
    },
    link: (p) => paths.enquiryDetail(p.enquiryId),
    defaultChannels: textAndPush,
  }),
  'receipt.ready': kind('receipt.ready', {
    label: 'A receipt is ready',
    audience: 'learner',
    group: 'packs_and_payments',
    quietHours: 'defer',
    fields: { amountPaise: 'paise', teacherName: 'name' },
    inApp: (p) => `Your receipt for ${rupees(p.amountPaise)} paid to ${p.teacherName} is ready.`,
    template: {
      body: 'Kalike: your receipt for {{1}} paid to {{2}} is ready.',
      values: (p) => [rupees(p.amountPaise), p.teacherName],
    },
    link: () => paths.accountPayments(),
    defaultChannels: textAndPush,
  }),
  'message.new': kind('message.new', {
    label: 'A new message',
    audience: 'learner',
    group: 'enquiries_and_messages',
    quietHours: 'defer',
    fields: messageFields,
    inApp: (p) => `New message from ${p.senderName}.`,
    template: {
      body: 'Kalike: you have a new message from {{1}}.',
      values: (p) => [p.senderName],
    },
    link: (p) => (p.batchStudentId ? paths.enrolmentMessages(p.batchStudentId) : paths.enquiryDetail(p.enquiryId)),
    defaultChannels: textAndPush,
  }),
} as const;
