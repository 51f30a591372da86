import type { Thread } from '@kalike/shared/contracts/conversations';

/**
 * The caller's message that carries "Seen": their last one, once the other side's read mark has
 * reached it. Null while it has not, or when the caller has written nothing.
 */
export function seenMessageId(thread: Pick<Thread, 'messages' | 'otherReadUpTo'>): string | null {
  const last = thread.messages.findLast((message) => message.own);
  if (!last || !thread.otherReadUpTo) return null;
  return Date.parse(last.createdAt) <= Date.parse(thread.otherReadUpTo) ? last.id : null;
}

/** The newest message from the other side past the caller's read mark, whose time to mark read; null when all is read. */
export function unreadUpTo(thread: Pick<Thread, 'messages' | 'readUpTo'>): string | null {
  const newest = thread.messages.findLast((message) => !message.own);
  if (!newest) return null;
  if (thread.readUpTo && Date.parse(newest.createdAt) <= Date.parse(thread.readUpTo)) return null;
  return newest.createdAt;
}
