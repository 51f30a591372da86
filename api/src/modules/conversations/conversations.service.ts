import type { Transaction } from 'kysely';
import type { MarkReadBody, ReadMark, ReportThreadBody, SendMessageBody, Thread, ThreadMessage, ThreadReported } from '@kalike/shared/contracts/conversations';
import { conversationLimits, type ConversationParty, type ConversationSubject } from '@kalike/shared/domain/conversation-rules';
import type { Database } from '../../db/schema';
import type { AuthUser } from '../../plugins/auth';
import { DomainError } from '../../shared/domain-error';
import { maskContacts } from './contact-masking';
import { closedReasonOf, hidesContacts, participationOf, type Participation } from './conversation-subjects';
import type { ConversationQueries, ConversationsRepository, MessageRow, OpeningEventRow } from './conversations.repository';

const HOUR_MS = 60 * 60_000;
const iso = (value: Date) => value.toISOString();

/** What the other side is told of a new message: never its words (docs/product-decisions.md). */
export interface NewMessageNotice {
  party: ConversationParty;
  participation: Participation;
  messageId: string;
  at: Date;
}

export interface ConversationsServiceDeps {
  repository: ConversationsRepository;
  now: () => Date;
  /** Tells the other side, in the transaction that writes the message. */
  onNewMessage: (trx: Transaction<Database>, notice: NewMessageNotice) => Promise<void>;
}

function readerView(text: string, by: ConversationParty, reader: ConversationParty, hide: boolean): { body: string; masked: boolean } {
  // The author always reads what they wrote.
  if (!hide || by === reader) return { body: text, masked: false };
  const { text: body, masked } = maskContacts(text);
  return { body, masked };
}

/** The enquiry's own words open its thread: the learner's message, then each reply or note. */
function openingMessages(participation: Participation, events: readonly OpeningEventRow[]): ThreadMessage[] {
  const { subject, party } = participation;
  const opening: ThreadMessage[] =
    subject.opening_message && subject.opening_message.trim()
      ? [
          {
            id: `enquiry:${subject.id}`,
            by: 'learner',
            own: party === 'learner',
            body: subject.opening_message,
            masked: false,
            createdAt: iso(subject.opened_at),
          },
        ]
      : [];
  for (const event of events) {
    if (event.actor === 'system' || !event.message) continue;
    opening.push({
      id: `enquiry-event:${event.id}`,
      by: event.actor,
      own: event.actor === party,
      body: event.message,
      masked: false,
      createdAt: iso(event.created_at),
    });
  }
  return opening;
}

function toMessage(row: MessageRow, reader: ConversationParty, hide: boolean): ThreadMessage {
  return {
    id: row.id,
    by: row.author_party,
    own: row.author_party === reader,
    ...readerView(row.body, row.author_party, reader, hide),
    createdAt: iso(row.created_at),
  };
}

async function refuseOverLimit(tx: ConversationQueries, userId: string, at: Date): Promise<void> {
  await tx.lockAuthor(userId);
  const since = new Date(at.getTime() - HOUR_MS);
  if ((await tx.countSentSince(userId, since)) < conversationLimits.messagesPerHour) return;
  const oldest = (await tx.oldestSentSince(userId, since)) ?? at;
  const retryAfterSeconds = Math.max(1, Math.ceil((oldest.getTime() + HOUR_MS - at.getTime()) / 1000));
  const minutes = Math.ceil(retryAfterSeconds / 60);
  throw new DomainError(
    'MESSAGE_LIMIT_REACHED',
    `You have sent ${conversationLimits.messagesPerHour} messages in the last hour; you can write again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`,
    429,
    { retryAfterSeconds },
  );
}

/** Reading and writing one conversation as one of its two sides. */
export function createConversationsService({ repository, now, onNewMessage }: ConversationsServiceDeps) {
  async function thread(user: AuthUser, subjectKind: ConversationSubject, id: string): Promise<Thread> {
    const participation = await participationOf(repository, user, subjectKind, id);
    const { subject, party } = participation;
    const hide = hidesContacts(subject);
    const threadId = await repository.findThreadId(subjectKind, id);
    const [events, rows, reads, reported] = await Promise.all([
      subjectKind === 'enquiry' ? repository.findOpeningEvents(id) : Promise.resolve([]),
      threadId ? repository.findMessages(threadId, conversationLimits.threadMessages) : Promise.resolve([]),
      threadId ? repository.findReads(threadId) : Promise.resolve([]),
      threadId ? repository.hasOpenReport(threadId, party) : Promise.resolve(false),
    ]);
    const readUpTo = reads.find((read) => read.party === party)?.read_up_to ?? null;
    const otherReadUpTo = reads.find((read) => read.party !== party)?.read_up_to ?? null;
    const closedReason = closedReasonOf(subject);
    return {
      subject: subjectKind,
      subjectId: id,
      party,
      otherName: party === 'learner' ? subject.teacher_name : subject.learner_name,
      title: subject.title,
      messages: [...openingMessages(participation, events), ...rows.map((row) => toMessage(row, party, hide))],
      readUpTo: readUpTo ? iso(readUpTo) : null,
      otherReadUpTo: otherReadUpTo ? iso(otherReadUpTo) : null,
      unread: threadId ? await repository.countUnread(threadId, party, readUpTo) : 0,
      canWrite: closedReason === null,
      closedReason,
      contactsHidden: hide,
      reported,
    };
  }

  return {
    thread,

    async send(user: AuthUser, subjectKind: ConversationSubject, id: string, body: SendMessageBody): Promise<Thread> {
      const text = body.body.trim();
      if (!text) throw new DomainError('VALIDATION_ERROR', 'body.body must not be blank', 400);
      await repository.transaction(async (tx, trx) => {
        const at = now();
        const participation = await participationOf(tx, user, subjectKind, id);
        const closedReason = closedReasonOf(participation.subject);
        if (closedReason) throw new DomainError('THREAD_CLOSED', closedReason, 409);
        await refuseOverLimit(tx, user.userId, at);
        const threadId = await tx.ensureThread(subjectKind, id, at);
        const message = await tx.insertMessage({ threadId, authorUserId: user.userId, party: participation.party, body: text, at });
        // Writing is reading: the author has seen everything up to their own message.
        await tx.markRead(threadId, participation.party, at);
        await onNewMessage(trx, { party: participation.party, participation, messageId: message.id, at });
      });
      return thread(user, subjectKind, id);
    },

    async markRead(user: AuthUser, subjectKind: ConversationSubject, id: string, body: MarkReadBody): Promise<ReadMark> {
      return repository.transaction(async (tx) => {
        const at = now();
        const { party } = await participationOf(tx, user, subjectKind, id);
        const asked = new Date(body.upTo);
        // Never past now: a mark from a fast clock must not swallow messages still to come.
        const upTo = asked.getTime() > at.getTime() ? at : asked;
        const threadId = await tx.ensureThread(subjectKind, id, at);
        const readUpTo = await tx.markRead(threadId, party, upTo);
        return { readUpTo: iso(readUpTo), unread: await tx.countUnread(threadId, party, readUpTo) };
      });
    },

    async report(user: AuthUser, subjectKind: ConversationSubject, id: string, body: ReportThreadBody): Promise<ThreadReported> {
      const reason = body.reason.trim();
      if (reason.length < conversationLimits.reportReasonMin) {
        throw new DomainError('VALIDATION_ERROR', `body.reason must say what is wrong in at least ${conversationLimits.reportReasonMin} characters`, 400);
      }
      return repository.transaction(async (tx) => {
        const at = now();
        const { party } = await participationOf(tx, user, subjectKind, id);
        const threadId = await tx.ensureThread(subjectKind, id, at);
        const reportedAt = await tx.insertReport({ threadId, userId: user.userId, party, reason, at });
        return { reported: true as const, at: iso(reportedAt) };
      });
    },
  };
}

export type ConversationsService = ReturnType<typeof createConversationsService>;
