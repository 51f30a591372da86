import type { DeclineEnquiryBody, Enquiry, OfferBatchBody, ProposeDemoBody, RespondEnquiryBody } from '@kalike/shared/contracts/enquiries';
import type { AuthUser } from '../../plugins/auth';
import { istDateKey } from '@kalike/shared/format/dates';
import { batchEnded } from '../../shared/batch-context';
import { DomainError } from '../../shared/domain-error';
import { validation } from './enquiry-errors';
import type { EnquiryMoves } from './enquiry-moves';
import { enquiryTeachers } from './enquiry-parties';
import { optionalText } from './enquiry-text';

/** The teacher's moves on an enquiry addressed to them: seen, reply, offer a demo or a batch, decline. */
export function createTeacherMoves({ move }: Pick<EnquiryMoves, 'move'>) {
  return {
    markSeen(user: AuthUser, id: string): Promise<Enquiry> {
      enquiryTeachers.idOf(user);
      return move(user, id, 'teacher', { action: 'mark_seen' });
    },

    respond(user: AuthUser, id: string, body: RespondEnquiryBody): Promise<Enquiry> {
      enquiryTeachers.idOf(user);
      const message = body.message.trim();
      if (!message) throw validation('body.message must not be blank');
      return move(user, id, 'teacher', {
        action: 'respond',
        apply: async () => ({ changes: { teacher_message: message }, eventMessage: message }),
      });
    },

    proposeDemo(user: AuthUser, id: string, body: ProposeDemoBody): Promise<Enquiry> {
      const teacherId = enquiryTeachers.idOf(user);
      const message = optionalText(body.message);
      return move(user, id, 'teacher', {
        action: 'propose_demo',
        apply: async (tx, _row, at) => {
          const session = await tx.findOwnUpcomingSession(teacherId, body.sessionId, at);
          if (!session) throw new DomainError('SESSION_NOT_FOUND', 'body.sessionId is not an upcoming class of one of your batches', 404);
          return {
            changes: {
              offer_kind: 'demo',
              offer_batch_id: session.batch_id,
              offer_session_id: session.id,
              ...(message ? { teacher_message: message } : {}),
            },
            eventMessage: message,
            details: { demoStartsAt: session.starts_at },
          };
        },
      });
    },

    offerBatch(user: AuthUser, id: string, body: OfferBatchBody): Promise<Enquiry> {
      const teacherId = enquiryTeachers.idOf(user);
      const message = optionalText(body.message);
      return move(user, id, 'teacher', {
        action: 'offer_batch',
        apply: async (tx, _row, at) => {
          const batch = await tx.findOwnBatch(teacherId, body.batchId, istDateKey(at));
          if (!batch) throw new DomainError('BATCH_NOT_FOUND', 'body.batchId is not one of your batches', 404);
          if (batch.ended) throw batchEnded();
          if (batch.seats_left <= 0) throw new DomainError('BATCH_FULL', 'That batch has no seat left; offer another batch', 409);
          return {
            changes: {
              offer_kind: 'batch',
              offer_batch_id: batch.id,
              offer_session_id: null,
              ...(message ? { teacher_message: message } : {}),
            },
            eventMessage: message,
            details: { batch: { name: batch.name, programName: batch.program_name } },
          };
        },
      });
    },

    decline(user: AuthUser, id: string, body: DeclineEnquiryBody): Promise<Enquiry> {
      enquiryTeachers.idOf(user);
      const reason = body.reason.trim();
      if (!reason) throw validation('body.reason must not be blank');
      return move(user, id, 'teacher', {
        action: 'decline',
        apply: async () => ({ changes: { decline_reason: reason }, eventMessage: reason }),
      });
    },
  };
}
