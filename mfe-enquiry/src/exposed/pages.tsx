import { lazy } from 'react';
import { definePages } from '@kalike/shared/federation/define-pages';

// One chunk per page: a visit downloads only the page it opens.
const TeacherEnquirePage = lazy(() => import(/* webpackChunkName: "page-teacher-enquire" */ '../routes/teacher-enquire-page'));
const EnquiryPage = lazy(() => import(/* webpackChunkName: "page-enquiry" */ '../routes/enquiry-page'));
const EnquireManyPage = lazy(() => import(/* webpackChunkName: "page-enquire-many" */ '../routes/enquire-many-page'));
const SelectProgramsPage = lazy(() => import(/* webpackChunkName: "page-select-programs" */ '../routes/select-programs-page'));
const EnrichmentPage = lazy(() => import(/* webpackChunkName: "page-enrichment" */ '../routes/enrichment-page'));
const EnquiriesPage = lazy(() => import(/* webpackChunkName: "page-enquiries" */ '../routes/enquiries-page'));
const EnquiriesSuccessPage = lazy(() => import(/* webpackChunkName: "page-enquiries-success" */ '../routes/enquiries-success-page'));
const StudentDetailsPage = lazy(() => import(/* webpackChunkName: "page-student-details" */ '../routes/student-details-page'));
const EnrollPage = lazy(() => import(/* webpackChunkName: "page-enroll" */ '../routes/enroll-page'));
const EnquiryDetailPage = lazy(() => import(/* webpackChunkName: "page-enquiry-detail" */ '../routes/enquiry-detail-page'));
const TeachEnquiriesPage = lazy(() => import(/* webpackChunkName: "page-teach-enquiries" */ '../routes/teach/enquiries-page'));
const TeachEnquiryPage = lazy(() => import(/* webpackChunkName: "page-teach-enquiry" */ '../routes/teach/enquiry-page'));
const TeachHomeEnquiriesPage = lazy(() => import(/* webpackChunkName: "page-teach-home-enquiries" */ '../routes/teach/home-enquiries-page'));
const EnrolmentMessagesPage = lazy(() => import(/* webpackChunkName: "page-enrolment-messages" */ '../routes/enrolment-messages-page'));
const TeachEnrolmentMessagesPage = lazy(() => import(/* webpackChunkName: "page-teach-enrolment-messages" */ '../routes/teach/enrolment-messages-page'));
const AdminReportedThreadsPage = lazy(() => import(/* webpackChunkName: "page-admin-reported-threads" */ '../routes/admin/reported-threads-page'));
const EnquiryThankYouPage = lazy(() => import(/* webpackChunkName: "page-enquiry-thank-you" */ '../routes/enquiry-thank-you-page'));

/** The enquiry remote's public surface: the pages the shell may mount (shell/src/app/route-table.ts). */
export const { pages } = definePages('mfe_enquiry', {
  'teacher-enquire': TeacherEnquirePage,
  enquiry: EnquiryPage,
  'enquiry-form': EnquiryPage,
  enquire: EnquireManyPage,
  'select-programs': SelectProgramsPage,
  enrichment: EnrichmentPage,
  enquiries: EnquiriesPage,
  'enquiries-success': EnquiriesSuccessPage,
  'student-details': StudentDetailsPage,
  enroll: EnrollPage,
  'enquiry-detail': EnquiryDetailPage,
  'enquiry-thank-you': EnquiryThankYouPage,
  'enquiry-student-details': StudentDetailsPage,
  'teach-enquiries': TeachEnquiriesPage,
  'teach-enquiry': TeachEnquiryPage,
  'teach-home-enquiries': TeachHomeEnquiriesPage,
  'enrolment-messages': EnrolmentMessagesPage,
  'teach-enrolment-messages': TeachEnrolmentMessagesPage,
  'admin-reported-threads': AdminReportedThreadsPage,
});
