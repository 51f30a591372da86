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

  it.each([
    ['a non-object', 'nope'],
    ['remotes missing', { apiBaseUrl: '' }],
    ['a javascript: entry', { remotes: { mfe_discover: { entry: 'javascript:alert(1)//mf-manifest.json' } } }],
    ['an entry that is not a manifest', { remotes: { mfe_discover: { entry: 'https://x.example/app.js' } } }],
    ['a bad remote name', { remotes: { '../evil': { entry: 'https://x.example/mf-manifest.json' } } }],
    ['a bad api base', { apiBaseUrl: 'ftp://x', remotes: {} }],
  ])('refuses %s', (_label, input) => {
    expect(() => parseRegistry(input, page)).toThrow(InvalidRegistryError);
  });
});
