import type { ThreadMessage } from '@kalike/shared/contracts/conversations';
import { seenMessageId, unreadUpTo } from './thread-reading';

const message = (id: string, own: boolean, createdAt: string): ThreadMessage => ({
  id,
  by: own ? 'learner' : 'teacher',
  own,
  body: id,
  masked: false,
  createdAt,
});
const messages = [
  message('a', true, '2026-11-20T10:00:00.000Z'),
  message('b', false, '2026-11-20T11:00:00.000Z'),
  message('c', true, '2026-11-20T12:00:00.000Z'),
];

describe('reading a thread', () => {
  test('"Seen" goes on the last own message once the other side has read up to it', () => {
    expect(seenMessageId({ messages, otherReadUpTo: null })).toBeNull();
    expect(seenMessageId({ messages, otherReadUpTo: '2026-11-20T11:30:00.000Z' })).toBeNull();
    expect(seenMessageId({ messages, otherReadUpTo: '2026-11-20T12:00:00.000Z' })).toBe('c');
    expect(seenMessageId({ messages: messages.filter((entry) => !entry.own), otherReadUpTo: '2026-11-21T00:00:00.000Z' })).toBeNull();
  });

  test("the other side's newest message is marked read once", () => {
    expect(unreadUpTo({ messages, readUpTo: null })).toBe('2026-11-20T11:00:00.000Z');
    expect(unreadUpTo({ messages, readUpTo: '2026-11-20T10:30:00.000Z' })).toBe('2026-11-20T11:00:00.000Z');
    expect(unreadUpTo({ messages, readUpTo: '2026-11-20T11:00:00.000Z' })).toBeNull();
    expect(unreadUpTo({ messages: [messages[0]!], readUpTo: null })).toBeNull();
  });
});
