import { renderStandalone } from '@kalike/shared/federation/standalone-app';

import { pages } from './exposed/pages';

renderStandalone('mfe_enquiry', { pages }, [
  { path: '/enquiry', page: 'enquiry', example: '/enquiry?refPage=/discover&refSection=ask_music' },
]);
