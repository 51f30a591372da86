import type { EnquiriesRepository } from './enquiries.repository';
import { createEnquiryEnrichment } from './enquiry-enrichment.service';
import { createEnquiryMoves } from './enquiry-moves';
import { createEnquiryReading } from './enquiry-reading.service';
import { createEnquirySending } from './enquiry-sending.service';
import { createEnquiryViews } from './enquiry-views';
import { createLearnerMoves } from './learner-moves.service';
import { createTeacherInbox } from './teacher-inbox.service';
import { createTeacherMatches } from './teacher-matches.service';
import { createTeacherMoves } from './teacher-moves.service';

export interface EnquiriesServiceDeps {
  repository: EnquiriesRepository;
  now: () => Date;
  /** Origin of the web site, for the link in each text. */
  publicSiteUrl: string;
}

/**
 * The enquiries service the routes and the background expiry use, put together from its
 * sub-aggregates in the files beside this one: sending and matches, reading, the learner's
 * details, the learner's and the teacher's moves, all through one lifecycle engine.
 */
export function createEnquiriesService({ repository, now, publicSiteUrl }: EnquiriesServiceDeps) {
  const views = createEnquiryViews(repository, now);
  const moves = createEnquiryMoves({ repository, now, publicSiteUrl, views });
  return {
    expireOverdue: moves.expireOverdue,
    ...createTeacherMatches(repository),
    ...createEnquirySending({ repository, now, moves, views }),
    ...createEnquiryReading({ repository, now, moves, views }),
    ...createEnquiryEnrichment({ repository, now, moves, views }),
    ...createLearnerMoves({ repository, moves }),
    ...createTeacherMoves(moves),
    ...createTeacherInbox({ repository, now, moves }),
  };
}

export type EnquiriesService = ReturnType<typeof createEnquiriesService>;
