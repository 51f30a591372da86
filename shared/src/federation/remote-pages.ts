import type { ComponentType } from 'react';

/**
 * Every page each remote exposes, by the name the shell's route table mounts it under. The
 * one list both sides are typed from: a remote's `pages` map must name exactly these, and
 * a route may only name one of them, so a renamed page fails type-checking, not at run time.
 */
export const remotePages = {
  mfe_discover: [
    'home',
    'discover',
    'categories',
    'category',
    'search',
    'teachers',
    'shortlist',
    'meet',
    'teacher',
    'teach-reviews',
    'teach-profile',
    'teach-listings',
    'teach-listing-new',
    'teach-listing',
    'admin-reviews',
  ],
  mfe_enquiry: [
    'teacher-enquire',
    'enquiry',
    'enquiry-form',
    'enquire',
    'select-programs',
    'enrichment',
    'enquiries',
    'enquiries-success',
    'student-details',
    'enroll',
    'enquiry-detail',
    'enquiry-thank-you',
    'enquiry-student-details',
    'teach-enquiries',
    'teach-enquiry',
    'teach-home-enquiries',
    'enrolment-messages',
    'teach-enrolment-messages',
    'admin-reported-threads',
  ],
  mfe_payments: [
    'payments-select-payment-plan',
    'payments-pay',
    'payments-payment-success',
    'payments-thank-you',
    'payments-settle',
    'payments-change-plan',
    'payments-cancel-pack',
    'old-payments-select-payment-plan',
    'old-payments-pay',
    'old-payments-settle',
    'old-payments-payment-success',
    'pay',
    'payment-request',
    'payment-success',
    'batch-payment-request',
    'old-batch-payment-request',
    'teach-payments',
    'teach-home-money',
    'teach-payouts',
    'account-payments',
    'admin-refunds',
    'admin-payouts',
    'credit-note',
  ],
  mfe_sessions: ['learner-sessions', 'classes', 'updates', 'teach-schedule', 'teach-session', 'teach-home-today'],
} as const satisfies Record<string, readonly string[]>;

export type RemoteName = keyof typeof remotePages;

export const remoteNames = Object.keys(remotePages) as RemoteName[];

/** The pages of one remote, or with no argument the page names of every remote. */
export type RemotePageName<R extends RemoteName = RemoteName> = (typeof remotePages)[R][number];

/** What a remote's exposed `pages` map must be: one component for each of its pages, no more. */
export type RemotePageComponents<R extends RemoteName> = Record<RemotePageName<R>, ComponentType>;
