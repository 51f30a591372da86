// Stands in for '@module-federation/enhanced/runtime' in unit tests, where no webpack
// federation runtime exists. Tests set what a remote load returns.
/** `entry` is the entry the remote is registered with when it is loaded. */
export type FakeRemoteLoader = (id: string, entry: string | undefined) => Promise<unknown>;

interface FakePlugin {
  name: string;
  errorLoadRemote?: (args: { id: string; error: unknown; lifecycle: string; remote?: { name: string } }) => unknown;
}

let loader: FakeRemoteLoader = () => Promise.reject(new Error('no remote configured in this test'));
export const registeredRemotes: Array<{ name: string; entry: string; force?: boolean }> = [];
const plugins: FakePlugin[] = [];

export function setFakeRemoteLoader(next: FakeRemoteLoader): void {
  loader = next;
}

/** An error a test's loader throws to say which runtime phase failed (default: onLoad). */
export class FakeLoadError extends Error {
  constructor(
    message: string,
    readonly lifecycle: string,
  ) {
    super(message);
  }
}

const registeredEntry = (name: string) => registeredRemotes.filter((remote) => remote.name === name).at(-1)?.entry;

export async function loadRemote<T>(id: string): Promise<T | null> {
  const name = id.split('/')[0] ?? id;
  try {
    return (await loader(id, registeredEntry(name))) as T | null;
  } catch (error) {
    const lifecycle = error instanceof FakeLoadError ? error.lifecycle : 'onLoad';
    for (const plugin of plugins) plugin.errorLoadRemote?.({ id, error, lifecycle, remote: { name } });
    throw error;
  }
}

export function registerRemotes(remotes: Array<{ name: string; entry: string }>, options?: { force?: boolean }): void {
  registeredRemotes.push(...remotes.map((remote) => ({ ...remote, ...(options?.force ? { force: true } : {}) })));
}

export function registerPlugins(next: FakePlugin[]): void {
  plugins.push(...next);
}

export type ModuleFederationRuntimePlugin = FakePlugin;

export function preloadRemote(): Promise<void> {
  return Promise.resolve();
}
