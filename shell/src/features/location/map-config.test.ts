import { readMapboxToken } from './map-config';

describe('readMapboxToken', () => {
  it('takes a public Mapbox token from the registry document', () => {
    expect(readMapboxToken({ apiBaseUrl: '', remotes: {}, mapboxToken: 'pk.eyJ1IjoiYSJ9.abc_-' })).toBe('pk.eyJ1IjoiYSJ9.abc_-');
  });

  it.each([undefined, '', 'sk.secret', 'pk.', 'pk.has space', 42, null])('treats %p as no token', (mapboxToken) => {
    expect(readMapboxToken({ apiBaseUrl: '', remotes: {}, mapboxToken })).toBeNull();
  });

  it('treats a missing registry as no token', () => {
    expect(readMapboxToken(null)).toBeNull();
  });
});
