import { enquiryLifecycle, isOpenEnquiry, type EnquiryAction } from '@kalike/shared/domain/enquiry-lifecycle';
import type { Enquiry } from '@kalike/shared/contracts/enquiries';
import type { AuthUser } from '../../plugins/auth';
import type { EnquiriesQueries, EnquiriesRepository } from './enquiries.repository';
import { enquiryNotFound, invalidTransition } from './enquiry-errors';
import { enquiryMessage, enquiryNotice, type MessageDetails } from './enquiry-messages';
import type { EnquiryScope } from './enquiry-moves.repository';
import { isParty, type Party } from './enquiry-parties';
import type { EnquiryChanges, EnquiryRow } from './enquiry-rows';
import type { EnquiryViews } from './enquiry-views';

/** Overdue enquiries expired per sweep; the rest wait for the next tick or read. */
const EXPIRY_BATCH = 500;

interface Move {
  action: EnquiryAction;
  /** Checks on the locked row that come before the lifecycle table (an offer since replaced). */
  precheck?: (row: EnquiryRow) => void;
  /** Runs only when the table allows the move: validates its inputs and says what changes. */
  apply?: (tx: EnquiriesQueries, row: EnquiryRow, at: Date) => Promise<MoveEffect>;
}

interface MoveEffect {
  changes?: EnquiryChanges;
  /** Kept on the event: the teacher's reply or a reason. */
  eventMessage?: string | null;
  details?: MessageDetails;
}

interface EnquiryMovesDeps {
  repository: EnquiriesRepository;
  now: () => Date;
  /** Origin of the web site, for the link in each text. */
  publicSiteUrl: string;
  views: EnquiryViews;
}

/** The lifecycle's engine: one move, the system's expiry, and the text each move sends. */
export function createEnquiryMoves({ repository, now, publicSiteUrl, views }: EnquiryMovesDeps) {
  async function notify(tx: EnquiriesQueries, action: EnquiryAction | 'create', enquiryId: string, at: Date, details?: MessageDetails, eventId?: string) {
    const context = await tx.findNotificationContext(enquiryId);
    if (!context) return;
    // A move with a notification kind is told that way (in the app and on the person's channels); the rest by text.
    const notice = enquiryNotice(action, { enquiryId, eventId: eventId ?? at.toISOString() }, context, at);
    if (notice) return tx.notify(notice);
    const message = enquiryMessage(action, enquiryId, context, publicSiteUrl, details);
    if (message) await tx.enqueueMessage(message, at);
  }

  /**
   * Unanswered enquiries past their deadline become expired and the learner is told, each in
   * the same transaction. Run before reads, so nobody is shown an enquiry still "waiting" after
   * its deadline, and from the server's interval for enquiries nobody is looking at.
   */
  async function expireOverdue(at: Date, scope: EnquiryScope = {}): Promise<number> {
    const expire = enquiryLifecycle.transitions.expire;
    return repository.transaction(async (tx) => {
      const due = await tx.lockOverdue(at, expire.from, scope, EXPIRY_BATCH);
      let expired = 0;
      for (const row of due) {
        if (!enquiryLifecycle.can('expire', row.state, 'system')) continue;
        await tx.updateEnquiry(row.id, { state: expire.to, respond_by: null, updated_at: at });
        await tx.insertEvent({
          enquiryId: row.id,
          action: 'expire',
          fromState: row.state,
          toState: expire.to,
          actor: 'system',
          actorUserId: null,
          message: null,
          at,
        });
        await notify(tx, 'expire', row.id, at);
        expired++;
      }
      return expired;
    });
  }

  /**
   * One move of the lifecycle: lock the row, ask the shared table, write the change, its event
   * and the other party's message together. A move repeated once it has taken effect answers
   * the enquiry as it is, without a second event.
   */
  async function move(user: AuthUser, enquiryId: string, party: Party, spec: Move): Promise<Enquiry> {
    const at = now();
    await expireOverdue(at, { enquiryId });
    await repository.transaction(async (tx) => {
      const row = await tx.lockEnquiry(enquiryId);
      if (!row || !isParty(user, row)) throw enquiryNotFound();
      spec.precheck?.(row);
      const transition = enquiryLifecycle.transitions[spec.action];
      if (!enquiryLifecycle.can(spec.action, row.state, party)) {
        if (transition.by === party && row.state === transition.to) return;
        throw invalidTransition(row.state, spec.action);
      }
      const effect = (await spec.apply?.(tx, row, at)) ?? {};
      // A closed or declined enquiry's demo still to come is off both schedules.
      if (!isOpenEnquiry(transition.to) && transition.to !== 'enrolled') await tx.cancelUpcomingDemo(row.id, at);
      // The deadline is for the teacher's first answer; seeing the enquiry is not an answer.
      const answered = (party === 'teacher' && spec.action !== 'mark_seen') || !isOpenEnquiry(transition.to);
      await tx.updateEnquiry(row.id, { ...effect.changes, state: transition.to, updated_at: at, ...(answered ? { respond_by: null } : {}) });
      const eventId = await tx.insertEvent({
        enquiryId: row.id,
        action: spec.action,
        fromState: row.state,
        toState: transition.to,
        actor: party,
        actorUserId: user.userId,
        message: effect.eventMessage ?? null,
        at,
      });
      await notify(tx, spec.action, row.id, at, effect.details, eventId);
    });
    return views.loadOne(enquiryId, party);
  }

  return { notify, expireOverdue, move };
}

export type EnquiryMoves = ReturnType<typeof createEnquiryMoves>;
