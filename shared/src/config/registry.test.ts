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
    expect(registry).toMatchObject({
      clientKeyId: 'kalike-web-2026-11',
      flagsClientKey: 'sdk-kalikeWebLearner01',
      mapboxToken: 'pk.eyJ1Ijoia2FsaWtlIn0.abc123',
    });
  });

  it('keeps a candidate build and its rollout flag, validated and resolved like the entry', () => {
    const registry = parseRegistry(
      {
        remotes: {
          mfe_payments: {
            entry: 'https://payments.kalike.example/2026-11-21.2/mf-manifest.json',
            candidate: { entry: '/payments-candidate/mf-manifest.json?v=2' },
            rolloutFlag: 'payments-flow-candidate',
          },
          mfe_discover: { entry: 'https://discover.kalike.example/v42/mf-manifest.json' },
        },
      },
      page,
    );
    expect(registry.remotes.mfe_payments).toEqual({
      entry: 'https://payments.kalike.example/2026-11-21.2/mf-manifest.json',
      candidate: { entry: 'https://kalike.example/payments-candidate/mf-manifest.json?v=2' },
      rolloutFlag: 'payments-flow-candidate',
    });
    // A remote without a rollout carries neither key.
    expect(registry.remotes.mfe_discover).toEqual({ entry: 'https://discover.kalike.example/v42/mf-manifest.json' });
  });

  it("keeps each server build's pin, and refuses a malformed one", () => {
    const pin = `sha384-${'A'.repeat(63)}/`;
    const registry = parseRegistry(
      {
        remotes: {
          mfe_discover: { entry: 'https://discover.kalike.example/v42/mf-manifest.json', serverIntegrity: pin },
          mfe_payments: {
            entry: 'https://payments.kalike.example/v7/mf-manifest.json',
            candidate: { entry: 'https://payments.kalike.example/v8/mf-manifest.json', serverIntegrity: pin },
          },
        },
      },
      page,
    );
    expect(registry.remotes.mfe_discover?.serverIntegrity).toBe(pin);
    expect(registry.remotes.mfe_payments?.candidate?.serverIntegrity).toBe(pin);
    for (const bad of ['sha256-abc', `sha384-${'A'.repeat(10)}`, 42]) {
      expect(() => parseRegistry({ remotes: { mfe_discover: { entry: 'https://d.example/mf-manifest.json', serverIntegrity: bad } } }, page)).toThrow(
        '"mfe_discover".serverIntegrity must be sha384-<base64>',
      );
    }
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
    ['a remote that is not an object', { remotes: { mfe_discover: 'https://x.example/mf-manifest.json' } }],
    [
      'a candidate that is not an object',
      { remotes: { mfe_payments: { entry: 'https://x.example/mf-manifest.json', candidate: 'https://y.example/mf-manifest.json' } } },
    ],
    ['a candidate without an entry', { remotes: { mfe_payments: { entry: 'https://x.example/mf-manifest.json', candidate: {} } } }],
    [
      'a javascript: candidate',
      { remotes: { mfe_payments: { entry: 'https://x.example/mf-manifest.json', candidate: { entry: 'javascript:alert(1)//mf-manifest.json' } } } },
    ],
    [
      'a candidate that is not a manifest',
      { remotes: { mfe_payments: { entry: 'https://x.example/mf-manifest.json', candidate: { entry: 'https://y.example/app.js' } } } },
    ],
    ['a rollout flag that is not a flag key', { remotes: { mfe_payments: { entry: 'https://x.example/mf-manifest.json', rolloutFlag: 'Payments Flow!' } } }],
    ['a rollout flag that is not a string', { remotes: { mfe_payments: { entry: 'https://x.example/mf-manifest.json', rolloutFlag: true } } }],
  ])('refuses %s', (_label, input) => {
    expect(() => parseRegistry(input, page)).toThrow(InvalidRegistryError);
  });
});
