import type { Thread, ThreadMessage } from '@kalike/shared/contracts/conversations';

import { uuid } from './enquiry-fixtures';

export function threadMessage(n: number, own: boolean, body: string, createdAt: string, overrides: Partial<ThreadMessage> = {}): ThreadMessage {
  return { id: uuid(900 + n), by: own ? 'learner' : 'teacher', own, body, masked: false, createdAt, ...overrides };
}

/** A thread on an enquiry as the learner reads it: their message, the teacher's answer. */
export function thread(overrides: Partial<Thread> = {}): Thread {
  return {
    subject: 'enquiry',
    subjectId: uuid(1),
    party: 'learner',
    otherName: 'Kiran Rao',
    title: 'Chess for beginners',
    messages: [
      threadMessage(1, true, 'Weekend mornings suit us.', '2026-11-20T04:30:00.000Z'),
      threadMessage(2, false, 'Saturday 10 am works.', '2026-11-20T06:00:00.000Z'),
    ],
    readUpTo: '2026-11-20T06:00:00.000Z',
    otherReadUpTo: null,
    unread: 0,
    canWrite: true,
    closedReason: null,
    contactsHidden: true,
    reported: false,
    ...overrides,
  };
}
