import { useNavigate } from 'react-router-dom';
import * as paths from '@kalike/shared/routing/paths';
import type { CreateEnquiriesResponse } from '@kalike/shared/contracts/enquiries';
import { setSelectedCards, setShowEnquirySuccessOverlay } from '@kalike/shared/enquiry/learner-enquiry-details';

/** What happened at one teacher: a new enquiry, or the one already open about the same student. */
export interface SentOutcome {
  name: string;
  subject: string;
  enquiryId: string;
  created: boolean;
  /** The student the enquiry is about; null when the learner asked for themself. */
  studentName: string | null;
}

/** What `/enquiries/success` reads from the history entry: the request and each teacher's outcome. */
export interface SuccessState {
  requestId: string;
  teachers: SentOutcome[];
}

export function toOutcomes(response: CreateEnquiriesResponse): SentOutcome[] {
  return response.enquiries.map(({ created, enquiry }) => ({
    name: enquiry.teacher.name,
    subject: enquiry.listing.category.name,
    enquiryId: enquiry.id,
    created,
    studentName: enquiry.student?.name ?? null,
  }));
}

/**
 * After sending: the shortlist's pick is used up. One new enquiry goes on to the details
 * step; anything else (several teachers, or a teacher already asked about this student) goes
 * to the success page, which says for each teacher what happened.
 */
export function useAfterSent() {
  const navigate = useNavigate();
  return (response: CreateEnquiriesResponse) => {
    setSelectedCards([]);
    const [first, ...others] = response.enquiries;
    if (first && first.created && others.length === 0) {
      navigate(paths.enquiryEnrichment(first.enquiry.id));
      return;
    }
    const teachers = toOutcomes(response);
    setShowEnquirySuccessOverlay(teachers.some((teacher) => teacher.created));
    const state: SuccessState = { requestId: response.requestId, teachers };
    navigate(paths.enquiriesSuccess(), { state });
  };
}
