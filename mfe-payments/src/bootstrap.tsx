import { renderStandalone } from '@kalike/shared/federation/standalone-app';

import { pages } from './exposed/pages';

renderStandalone('mfe_payments', { pages }, [
  { path: '/payment-request/:id', page: 'payment-request', example: '/payment-request/00000000-0000-4000-8000-000000000001' },
]);
