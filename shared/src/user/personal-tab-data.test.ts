import { learnerEnquiryDetailsStore } from '@kalike/shared/enquiry/learner-enquiry-details';
import { forgetPersonalTabData } from './personal-tab-data';

describe('forgetPersonalTabData', () => {
  it("removes this product's tab data and the shortlist picks, and leaves other sites' keys", () => {
    sessionStorage.setItem('kalike.enquiry-draft.v2', '{"contactName":"Asha"}');
    sessionStorage.setItem('kalike.pages-count', '{}');
    sessionStorage.setItem('other-app', 'keep');
    learnerEnquiryDetailsStore.setState({
      selectedCards: [{ listingId: '00000000-0000-4000-8000-000000000001', teacherName: 'A', title: 'T', categoryName: 'C', path: '/x' }],
    });
    forgetPersonalTabData();
    expect(sessionStorage.getItem('kalike.enquiry-draft.v2')).toBeNull();
    expect(sessionStorage.getItem('kalike.pages-count')).toBeNull();
    expect(sessionStorage.getItem('other-app')).toBe('keep');
    expect(learnerEnquiryDetailsStore.getState().selectedCards).toEqual([]);
  });
});
