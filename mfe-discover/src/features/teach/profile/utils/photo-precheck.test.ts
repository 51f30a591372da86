import { photoPrecheck } from './photo-precheck';

describe('photoPrecheck', () => {
  test('lets JPEG, PNG, WebP and files without a type through', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp', '']) expect(photoPrecheck({ type, size: 200_000 })).toBeNull();
  });

  test('says in a sentence what is wrong with other files', () => {
    expect(photoPrecheck({ type: 'application/pdf', size: 1000 })).toMatch(/JPEG, PNG or WebP/);
    expect(photoPrecheck({ type: 'image/jpeg', size: 8 * 1024 * 1024 + 1 })).toBe('The photo is larger than 8 MB. Choose a smaller one.');
    expect(photoPrecheck({ type: 'image/jpeg', size: 0 })).toMatch(/empty/);
  });
});
