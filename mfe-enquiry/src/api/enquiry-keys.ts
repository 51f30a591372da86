import type { ConversationSubject } from '@kalike/shared/domain/conversation-rules';
import { rootKeys } from '@kalike/shared/query/query-keys';

export type EnquiryStatusFilter = 'open' | 'ended' | 'all';

/** The learner's own enquiries, listed by status. */
const learnerEnquiryKeys = {
  all: [...rootKeys.enquiries, 'learner'] as const,
  lists: () => [...learnerEnquiryKeys.all, 'list'] as const,
  list: (status: EnquiryStatusFilter) => [...learnerEnquiryKeys.lists(), { status }] as const,
};

/** The teacher's side: the inbox, and the batches and classes they can offer on one enquiry. */
const teachEnquiryKeys = {
  all: [...rootKeys.enquiries, 'teach'] as const,
  inbox: () => [...teachEnquiryKeys.all, 'inbox'] as const,
  offerChoices: (enquiryId: string) => [...teachEnquiryKeys.all, 'offer-choices', enquiryId] as const,
};

/**
 * Every enquiry query of this remote, generic to specific, so a change can invalidate
 * exactly what it touched. Other remotes invalidate by `rootKeys.enquiries` only. The
 * person is not part of the key: signing out clears the whole cache. One enquiry is the
 * same document for the learner who sent it and the teacher it went to, so its key
 * belongs to neither audience; the lists around it are the learner's or the teacher's.
 */
export const enquiryKeys = {
  all: rootKeys.enquiries,
  /** A conversation is the same document for its two sides, like the enquiry it is on. */
  threads: () => [...rootKeys.enquiries, 'thread'] as const,
  thread: (subject: ConversationSubject, subjectId: string) => [...enquiryKeys.threads(), subject, subjectId] as const,
  /** The admins' list of reported conversations. */
  admin: { reportedThreads: () => [...rootKeys.enquiries, 'admin', 'reported-threads'] as const },
  details: () => [...rootKeys.enquiries, 'detail'] as const,
  detail: (enquiryId: string) => [...enquiryKeys.details(), enquiryId] as const,
  learner: learnerEnquiryKeys,
  teach: teachEnquiryKeys,
  /**
   * What the family already holds, read from payments while enrolling. Under the payments root:
   * a payment anywhere (which invalidates that root) refreshes it.
   */
  enrol: {
    places: () => [...rootKeys.payments, 'enquiry-enrol', 'places'] as const,
    nextPack: (batchStudentId: string) => [...rootKeys.payments, 'enquiry-enrol', 'next-pack', batchStudentId] as const,
  },
};
