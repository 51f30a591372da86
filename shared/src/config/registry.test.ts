import { InvalidRegistryError, parseRegistry } from './registry';

const page = 'https://kalike.example/categories';

describe('parseRegistry', () => {
  it('accepts manifest and entry URLs and resolves relative ones against the page', () => {
    const registry = parseRegistry(
      {
        apiBaseUrl: '',
        remotes: {
          mfe_discover: { entry: 'https://discover.kalike.example/v42/mf-manifest.json' },
          mfe_payments: { entry: '/payments/remoteEntry.js' },
        },
      },
      page,
    );
    expect(registry.remotes.mfe_payments?.entry).toBe('https://kalike.example/payments/remoteEntry.js');
    expect(registry.remotes.mfe_discover?.entry).toBe('https://discover.kalike.example/v42/mf-manifest.json');
  });

  it('keeps the optional client key id, flags key and public map token', () => {
    const registry = parseRegistry(
      { remotes: {}, clientKeyId: 'kalike-web-2026-11', flagsClientKey: 'sdk-kalikeWebLearner01', mapboxToken: 'pk.eyJ1Ijoia2FsaWtlIn0.abc123' },
      page,
    );
    expect(registry).toMatchObject({ clientKeyId: 'kalike-web-2026-11', flagsClientKey: 'sdk-kalikeWebLearner01', mapboxToken: 'pk.eyJ1Ijoia2FsaWtlIn0.abc123' });
  });

  it.each([
    ['a non-object', 'nope'],
    ['remotes missing', { apiBaseUrl: '' }],
    ['a javascript: entry', { remotes: { mfe_discover: { entry: 'javascript:alert(1)//mf-manifest.json' } } }],
    ['an entry that is not a manifest', { remotes: { mfe_discover: { entry: 'https://x.example/app.js' } } }],
    ['a bad remote name', { remotes: { '../evil': { entry: 'https://x.example/mf-manifest.json' } } }],
    ['a bad api base', { apiBaseUrl: 'ftp://x', remotes: {} }],
    ['a secret Mapbox token', { remotes: {}, mapboxToken: 'sk.eyJ1IjoiZmFrZSJ9.secret' }],
    ['a malformed flags key', { remotes: {}, flagsClientKey: 'key with spaces' }],
  ])('refuses %s', (_label, input) => {
    expect(() => parseRegistry(input, page)).toThrow(InvalidRegistryError);
  });
});
