import { preloadRouteRemoteAssets } from './remotes/load-remote-pages';

preloadRouteRemoteAssets(window.location.pathname);
// The async boundary: shared singletons are negotiated before any app code runs.
void import('./bootstrap');
