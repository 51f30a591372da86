import { lazy } from 'react';
import { definePages } from '@kalike/shared/federation/define-pages';

const EnquiryPage = lazy(() => import('../routes/enquiry-page'));
const TeacherEnquirePage = lazy(() => import('../routes/teacher-enquire-page'));

/** The enquiry remote's public surface: the pages the shell may mount. */
export const { pages } = definePages('mfe_enquiry', {
  enquiry: EnquiryPage,
  'teacher-enquire': TeacherEnquirePage,
});
