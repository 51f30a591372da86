// Defined by shared/build/create-webpack-config.cjs (DefinePlugin); absent outside a webpack build.
declare const __KALIKE_REMOTE_BUILD__: string | undefined;
declare const __KALIKE_REMOTE_VERSION__: string | undefined;

/**
 * Which build of its app this code belongs to: `stable`, or a label such as `candidate` for
 * the second build of the same source served beside it during a staged rollout; `dev` in
 * tests. Each app bundles its own copy of this module (it must never be a shared singleton),
 * so a remote reports its own build, not the shell's.
 */
export const remoteBuild: string = typeof __KALIKE_REMOTE_BUILD__ === 'string' ? __KALIKE_REMOTE_BUILD__ : 'dev';

/** The app's package version at build time; `dev` in tests. */
export const remoteVersion: string = typeof __KALIKE_REMOTE_VERSION__ === 'string' ? __KALIKE_REMOTE_VERSION__ : 'dev';
