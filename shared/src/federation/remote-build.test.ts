import type * as remoteBuildModule from './remote-build';

type RemoteBuildModule = typeof remoteBuildModule;

/** What the build's DefinePlugin would have put in place. */
const defined = globalThis as { __KALIKE_REMOTE_BUILD__?: string; __KALIKE_REMOTE_VERSION__?: string };

afterEach(() => {
  delete defined.__KALIKE_REMOTE_BUILD__;
  delete defined.__KALIKE_REMOTE_VERSION__;
});

/** The constants are read when the module loads, as the build's DefinePlugin inlines them. */
function load(): RemoteBuildModule {
  let module: RemoteBuildModule | undefined;
  jest.isolateModules(() => {
    module = jest.requireActual<RemoteBuildModule>('./remote-build');
  });
  return module!;
}

describe('remoteBuild', () => {
  it('is the label and version the build defined', () => {
    defined.__KALIKE_REMOTE_BUILD__ = 'candidate';
    defined.__KALIKE_REMOTE_VERSION__ = '0.1.0';
    expect(load()).toEqual({ remoteBuild: 'candidate', remoteVersion: '0.1.0' });
  });

  it('is "dev" outside a webpack build', () => {
    expect(load()).toEqual({ remoteBuild: 'dev', remoteVersion: 'dev' });
  });
});
