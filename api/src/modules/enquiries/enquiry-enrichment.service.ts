import type { Enquiry, EnrichEnquiryBody } from '@kalike/shared/contracts/enquiries';
import type { AuthUser } from '../../plugins/auth';
import { DomainError } from '../../shared/domain-error';
import { isUniqueViolation } from '../../shared/unique-violation';
import type { EnquiriesRepository } from './enquiries.repository';
import { enquiryNotFound, invalidTransition } from './enquiry-errors';
import type { EnquiryMoves } from './enquiry-moves';
import { enquiryLearners, requireOwnStudent } from './enquiry-parties';
import type { EnquiryChanges } from './enquiry-rows';
import { optionalText } from './enquiry-text';
import type { EnquiryViews } from './enquiry-views';

interface EnquiryEnrichmentDeps {
  repository: EnquiriesRepository;
  now: () => Date;
  moves: Pick<EnquiryMoves, 'expireOverdue'>;
  views: Pick<EnquiryViews, 'loadOne'>;
}

/** The learner's known details about the student (who, age, level, goals), shared by the open enquiries of one submission. */
export function createEnquiryEnrichment({ repository, now, moves: { expireOverdue }, views: { loadOne } }: EnquiryEnrichmentDeps) {
  return {
    /** Details about the student, written to every open enquiry of the same submission. */
    async enrich(user: AuthUser, id: string, body: EnrichEnquiryBody): Promise<Enquiry> {
      const learnerAccountId = enquiryLearners.idOf(user);
      const at = now();
      await expireOverdue(at, { enquiryId: id });
      const [view] = await repository.findViews([id]);
      if (!view || view.learner_account_id !== learnerAccountId) throw enquiryNotFound();

      const changes: EnquiryChanges = {};
      if (body.studentId !== undefined) changes.student_id = body.studentId;
      if (body.studentAgeYears !== undefined) changes.student_age_years = body.studentAgeYears;
      if (body.level !== undefined) changes.level = body.level;
      if (body.goals !== undefined) changes.goals = body.goals === null ? null : optionalText(body.goals);

      const alreadyOpen = () =>
        new DomainError('ENQUIRY_ALREADY_OPEN', 'body.studentId already has an open enquiry with this teacher; add the details there', 409);
      await repository.transaction(async (tx) => {
        // Locked in id order across the whole submission, so two enrichments of sibling
        // enquiries queue instead of deadlocking.
        const open = await tx.lockOpenOfRequest(view.request_id, learnerAccountId);
        const target = open.find((row) => row.id === id);
        if (!target) {
          const current = await tx.lockEnquiry(id);
          throw invalidTransition(current?.state ?? view.state, 'enrich');
        }
        if (body.studentId) await requireOwnStudent(tx, learnerAccountId, body.studentId, 'body.studentId');
        if (body.studentId !== undefined) {
          // Naming another student must not make a second open enquiry about them to the same teacher.
          for (const row of open) {
            const clash = await tx.findOpenEnquiryId(learnerAccountId, row.listing_id, body.studentId, view.request_id);
            if (clash) throw alreadyOpen();
          }
        }
        for (const row of open) {
          // Two renamings racing to the same student meet the unique index; the loser is told, not a 500.
          await tx.updateEnquiry(row.id, { ...changes, updated_at: at }).catch((error: unknown) => {
            throw isUniqueViolation(error) ? alreadyOpen() : error;
          });
          await tx.insertEvent({
            enquiryId: row.id,
            action: 'enrich',
            fromState: row.state,
            toState: row.state,
            actor: 'learner',
            actorUserId: user.userId,
            message: null,
            at,
          });
        }
      });
      return loadOne(id, 'learner');
    },
  };
}
