import { renderStandalone } from '@kalike/shared/federation/standalone-app';

import { pages } from './exposed/pages';

const batchStudentID = '00000000-0000-4000-8000-000000000101';
const exampleId = '00000000-0000-4000-8000-000000000001';

// The shell's route table for this remote, for working on it alone.
renderStandalone('mfe_payments', { pages }, [
  ...(['select-payment-plan', 'pay', 'payment-success', 'thank-you', 'settle', 'change-plan'] as const).map((step) => ({
    path: `/payments/${step}`,
    page: `payments-${step}`,
    example: `/payments/${step}?batchStudentID=${batchStudentID}`,
  })),
  ...(['select-payment-plan', 'pay', 'settle', 'payment-success'] as const).map((step) => ({
    path: `/old-payments/${step}`,
    page: `old-payments-${step}`,
    example: `/old-payments/${step}?batchStudentID=${batchStudentID}`,
  })),
  { path: '/pay/:id', page: 'pay', example: `/pay/${exampleId}` },
  { path: '/payment-request/:id', page: 'payment-request', example: `/payment-request/${exampleId}` },
  { path: '/payment-success', page: 'payment-success', example: `/payment-success?orderId=${exampleId}` },
  { path: '/batch-payment-request/:batchID', page: 'batch-payment-request', example: `/batch-payment-request/${exampleId}` },
  { path: '/old-batch-payment-request/:id', page: 'old-batch-payment-request', example: `/old-batch-payment-request/${exampleId}` },
]);
