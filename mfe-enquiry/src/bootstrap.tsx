import { renderStandalone } from '@kalike/shared/federation/standalone-app';

import { pages } from './exposed/pages';

const exampleId = '00000000-0000-4000-8000-000000000001';

// The shell's route table for this remote, for working on it alone (static routes first).
renderStandalone('mfe_enquiry', { pages }, [
  {
    path: '/discover/:city/:category/teachers/:teacherSlug/enquire',
    page: 'teacher-enquire',
    example: '/discover/bengaluru/chess/teachers/kiran-rao-1/enquire',
  },
  { path: '/enquiry', page: 'enquiry', example: '/enquiry?refPage=/discover&refSection=ask_music' },
  { path: '/enquiryform', page: 'enquiry-form' },
  { path: '/enquire', page: 'enquire' },
  { path: '/enquire/selectprograms', page: 'select-programs' },
  { path: '/enquire/:enquiryId/enrichment', page: 'enrichment', example: `/enquire/${exampleId}/enrichment` },
  { path: '/enquiries', page: 'enquiries' },
  { path: '/enquiries/success', page: 'enquiries-success' },
  { path: '/student-details', page: 'student-details' },
  { path: '/enroll', page: 'enroll', example: `/enroll?enquiryId=${exampleId}` },
  { path: '/:enquiryId', page: 'enquiry-detail', example: `/${exampleId}` },
  { path: '/:enquiryId/thank-you', page: 'enquiry-thank-you', example: `/${exampleId}/thank-you` },
  { path: '/:enquiryId/student-details', page: 'enquiry-student-details', example: `/${exampleId}/student-details` },
]);
