import { renderStandalone } from '@kalike/shared/federation/standalone-app';

import { pages } from './exposed/pages';

// The shell's route table for this remote, for working on it alone.
renderStandalone('mfe_sessions', { pages }, [
  { path: '/learner/sessions', page: 'learner-sessions' },
  { path: '/classes', page: 'classes' },
  { path: '/updates', page: 'updates' },
]);
