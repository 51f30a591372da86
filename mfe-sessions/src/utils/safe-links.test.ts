import { safeAppPath, safeExternalUrl } from './safe-links';

describe('safe links', () => {
  it.each([
    ['https://maps.google.com/?q=12.9,77.5', 'https://maps.google.com/?q=12.9,77.5'],
    ['http://meet.example.in/room', 'http://meet.example.in/room'],
    ['javascript:alert(1)', null],
    ['data:text/html,hi', null],
    ['/relative', null],
    [null, null],
  ])('follows only http(s) links: %s', (value, expected) => {
    expect(safeExternalUrl(value)).toBe(expected);
  });

  it.each([
    ['/discover/bengaluru/chess/teachers/kiran-rao', '/discover/bengaluru/chess/teachers/kiran-rao'],
    ['//evil.example/x', null],
    ['https://evil.example/x', null],
    ['javascript:alert(1)', null],
  ])('links only to pages of this site: %s', (value, expected) => {
    expect(safeAppPath(value)).toBe(expected);
  });
});
