import { renderStandalone } from '@kalike/shared/federation/standalone-app';

import { pages } from './exposed/pages';

renderStandalone('mfe_sessions', { pages }, [{ path: '/updates', page: 'updates' }]);
