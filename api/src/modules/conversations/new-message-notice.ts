import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { notificationsOf } from '../notifications/notifications.port';
import type { NewMessageNotice } from './conversations.service';

/**
 * Tells the other side of a thread that a message came, in the transaction that writes it. The
 * notice names the writer and links to the thread, never the words (texts from Kalike carry no
 * one's own words). The learner is named by their account's name, a checked person's name, not
 * the contact name typed on an enquiry. One notice per message: its id is the event key.
 */
export async function notifyNewMessage(db: Kysely<Database>, { party, participation, messageId, at }: NewMessageNotice): Promise<void> {
  const { subject, otherUserId } = participation;
  if (!otherUserId) return;
  const senderName = party === 'teacher' ? subject.teacher_name : subject.learner_account_name.trim() || 'a family';
  const params = {
    senderName,
    enquiryId: subject.subject === 'enquiry' ? subject.id : '',
    batchStudentId: subject.subject === 'enrolment' ? subject.id : '',
  };
  const notifications = notificationsOf(db);
  if (party === 'teacher') {
    await notifications.notify({ kind: 'message.new', userId: otherUserId, params, eventKey: `message.new:${messageId}`, at });
  } else {
    await notifications.notify({ kind: 'teach.message_new', userId: otherUserId, params, eventKey: `teach.message_new:${messageId}`, at });
  }
}
