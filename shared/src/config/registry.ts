/**
 * The deploy registry: where the API and each remote live. It is fetched at run time
 * (`/remotes.json` beside the shell), so pointing the app at a new build of a remote
 * is an edit to that document, not a rebuild of the shell.
 */
export interface RemoteRegistry {
  apiBaseUrl: string;
  remotes: Record<string, RemoteRegistration>;
  /** Sent as `x-client-key-id` with every API call (spec §9). */
  clientKeyId?: string;
  /** GrowthBook SDK client key for this deployment's feature flags. */
  flagsClientKey?: string;
  /** Public Mapbox token (`pk.…`); without one the map screen offers only search. */
  mapboxToken?: string;
}

/**
 * Where one remote lives. A remote in a staged rollout also lists a second build of itself,
 * `candidate`, and the feature flag that decides per learner which of the two the shell
 * loads (docs/payments-rollout.md); without both, everyone gets `entry`.
 */
export interface RemoteRegistration {
  entry: string;
  /**
   * The pin of the remote's server build (`sha384-…` of its `server/files.json` list, written at
   * build time): the shell's server runs that build only when what it fetched matches
   * (docs/deploying-remotes.md#server-builds-are-pinned). Browsers do not read it.
   */
  serverIntegrity?: string;
  candidate?: { entry: string; serverIntegrity?: string };
  rolloutFlag?: string;
}

export class InvalidRegistryError extends Error {
  constructor(reason: string) {
    super(`The remote registry is invalid: ${reason}`);
    this.name = 'InvalidRegistryError';
  }
}

const remoteNamePattern = /^mfe_[a-z]+$/;
const serverIntegrityPattern = /^sha384-[A-Za-z0-9+/]{64}$/;

/** A server build's pin when the registration names one; malformed refuses the registry. */
function parseServerIntegrity(value: unknown, what: string): { serverIntegrity?: string } {
  if (value === undefined) return {};
  if (typeof value !== 'string' || !serverIntegrityPattern.test(value)) throw new InvalidRegistryError(`${what}.serverIntegrity must be sha384-<base64>`);
  return { serverIntegrity: value };
}
// The admin API's feature key (FEATURE_KEY_PATTERN in contracts/flags), repeated here so the
// shell's start-up code does not import the contract schemas.
const featureKeyPattern = /^[a-z0-9][a-z0-9-]{1,60}$/;

function isHttpUrl(value: string, base: string): boolean {
  try {
    const url = new URL(value, base);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function parseEntry(entry: unknown, pageUrl: string, what: string): string {
  if (typeof entry !== 'string' || !isHttpUrl(entry, pageUrl) || !/\/(mf-manifest\.json|remoteEntry\.js)(\?.*)?$/.test(entry)) {
    throw new InvalidRegistryError(`${what} needs an entry URL ending in mf-manifest.json or remoteEntry.js`);
  }
  return new URL(entry, pageUrl).toString();
}

/** Validates a registry document fetched from outside; anything unexpected is refused whole. */
export function parseRegistry(input: unknown, pageUrl: string): RemoteRegistry {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) throw new InvalidRegistryError('not an object');
  const { apiBaseUrl = '', remotes } = input as Record<string, unknown>;
  if (typeof apiBaseUrl !== 'string' || (apiBaseUrl !== '' && !isHttpUrl(apiBaseUrl, pageUrl))) {
    throw new InvalidRegistryError('apiBaseUrl must be empty or an http(s) URL');
  }
  if (typeof remotes !== 'object' || remotes === null || Array.isArray(remotes)) {
    throw new InvalidRegistryError('remotes must be an object');
  }
  const parsed: RemoteRegistry['remotes'] = {};
  for (const [name, value] of Object.entries(remotes)) {
    if (!remoteNamePattern.test(name)) throw new InvalidRegistryError(`"${name}" is not a remote name`);
    const { entry, candidate, rolloutFlag, serverIntegrity } = (value ?? {}) as {
      entry?: unknown;
      candidate?: unknown;
      rolloutFlag?: unknown;
      serverIntegrity?: unknown;
    };
    const registration: RemoteRegistration = { entry: parseEntry(entry, pageUrl, `"${name}"`), ...parseServerIntegrity(serverIntegrity, `"${name}"`) };
    if (candidate !== undefined) {
      if (typeof candidate !== 'object' || candidate === null || Array.isArray(candidate)) {
        throw new InvalidRegistryError(`"${name}".candidate must be an object with an entry`);
      }
      const given = candidate as { entry?: unknown; serverIntegrity?: unknown };
      registration.candidate = {
        entry: parseEntry(given.entry, pageUrl, `"${name}".candidate`),
        ...parseServerIntegrity(given.serverIntegrity, `"${name}".candidate`),
      };
    }
    if (rolloutFlag !== undefined) {
      if (typeof rolloutFlag !== 'string' || !featureKeyPattern.test(rolloutFlag)) {
        throw new InvalidRegistryError(`"${name}".rolloutFlag must be a feature flag key`);
      }
      registration.rolloutFlag = rolloutFlag;
    }
    parsed[name] = registration;
  }
  const optional = (key: 'clientKeyId' | 'flagsClientKey' | 'mapboxToken', pattern: RegExp) => {
    const value = (input as Record<string, unknown>)[key];
    if (value === undefined) return {};
    if (typeof value !== 'string' || !pattern.test(value)) throw new InvalidRegistryError(`${key} is malformed`);
    return { [key]: value };
  };
  return {
    apiBaseUrl,
    remotes: parsed,
    ...optional('clientKeyId', /^[A-Za-z0-9._-]{1,64}$/),
    ...optional('flagsClientKey', /^sdk-[A-Za-z0-9]{8,40}$/),
    ...optional('mapboxToken', /^pk\.[A-Za-z0-9._-]{10,400}$/),
  };
}
