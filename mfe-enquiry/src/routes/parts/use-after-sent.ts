import { useNavigate } from 'react-router-dom';
import { paths } from '@kalike/shared/routing/paths';
import type { CreateEnquiriesResponse } from '@kalike/shared/contracts/enquiries';
import { setSelectedCards, setShowEnquirySuccessOverlay } from '@kalike/shared/enquiry/learner-enquiry-details';

/** What `/enquiries/success` reads from the history entry: which request to celebrate. */
export interface SuccessState {
  requestId: string;
  teachers: Array<{ name: string; subject: string }>;
}

/**
 * After a request to several teachers: the shortlist's pick is used up, and the success
 * overlay names the teachers. A request that reached one teacher goes on to the details
 * step, as an enquiry from a teacher's page does.
 */
export function useAfterSent() {
  const navigate = useNavigate();
  return (response: CreateEnquiriesResponse) => {
    setSelectedCards([]);
    const [first, ...others] = response.enquiries;
    if (first && others.length === 0) {
      navigate(paths.enquiryEnrichment(first.enquiry.id));
      return;
    }
    setShowEnquirySuccessOverlay(true);
    const state: SuccessState = {
      requestId: response.requestId,
      teachers: response.enquiries.map(({ enquiry }) => ({ name: enquiry.teacher.name, subject: enquiry.listing.category.name })),
    };
    navigate(paths.enquiriesSuccess(), { state });
  };
}
