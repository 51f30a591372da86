// Stands in for '@module-federation/enhanced/runtime' in unit tests, where no webpack
// federation runtime exists. Tests set what a remote load returns.
export type FakeRemoteLoader = (id: string) => Promise<unknown>;

let loader: FakeRemoteLoader = () => Promise.reject(new Error('no remote configured in this test'));
export const registeredRemotes: Array<{ name: string; entry: string }> = [];

export function setFakeRemoteLoader(next: FakeRemoteLoader): void {
  loader = next;
}

export function loadRemote<T>(id: string): Promise<T | null> {
  return loader(id) as Promise<T | null>;
}

export function registerRemotes(remotes: Array<{ name: string; entry: string }>): void {
  registeredRemotes.push(...remotes);
}

export function registerPlugins(): void {}

export type ModuleFederationRuntimePlugin = { name: string };

export function preloadRemote(): Promise<void> {
  return Promise.resolve();
}
