import { lazy } from 'react';
import { definePages } from '@kalike/shared/federation/define-pages';

// One chunk per page: a visit downloads only the page it opens.
const EnquiryPage = lazy(() => import(/* webpackChunkName: "page-enquiry" */ '../routes/enquiry-page'));
const TeacherEnquirePage = lazy(() => import(/* webpackChunkName: "page-teacher-enquire" */ '../routes/teacher-enquire-page'));
const EnquireManyPage = lazy(() => import(/* webpackChunkName: "page-enquire-many" */ '../routes/enquire-many-page'));
const SelectProgramsPage = lazy(() => import(/* webpackChunkName: "page-select-programs" */ '../routes/select-programs-page'));

/** The enquiry remote's public surface: the pages the shell may mount. */
export const { pages } = definePages('mfe_enquiry', {
  'teacher-enquire': TeacherEnquirePage,
  enquiry: EnquiryPage,
  'enquiry-form': EnquiryPage,
  enquire: EnquireManyPage,
  'select-programs': SelectProgramsPage,
});
