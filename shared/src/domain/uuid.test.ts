import { Type } from 'typebox';
import { Compile } from 'typebox/compile';

import { isUuid } from '@kalike/shared/domain/uuid';

describe('isUuid', () => {
  const apiId = Compile(Type.Object({ id: Type.String({ format: 'uuid' }) }));

  it.each([
    '3f0e2b8a-4c1d-4e7f-9a2b-1c3d5e7f9a0b',
    '3F0E2B8A-4C1D-4E7F-9A2B-1C3D5E7F9A0B',
    // Not version 4: the API takes every version, so the pages do too.
    '3f0e2b8a-4c1d-0e7f-0a2b-1c3d5e7f9a0b',
  ])('accepts %s, as the API does', (id) => {
    expect(isUuid(id)).toBe(true);
    expect(apiId.Check({ id })).toBe(true);
  });

  it.each([
    '',
    'not-an-id',
    '3f0e2b8a4c1d4e7f9a2b1c3d5e7f9a0b',
    '3f0e2b8a-4c1d-4e7f-9a2b-1c3d5e7f9a0',
    '------------------------------------',
    ' 3f0e2b8a-4c1d-4e7f-9a2b-1c3d5e7f9a0b',
    '3f0e2b8a-4c1d-4e7f-9a2b-1c3d5e7f9a0b\n',
    '3f0e2b8a-4c1d-4e7f-9a2b-1c3d5e7f9a0g',
  ])('refuses %s, as the API does', (id) => {
    expect(isUuid(id)).toBe(false);
    expect(apiId.Check({ id })).toBe(false);
  });

  it('refuses what is not a string', () => {
    expect(isUuid(undefined)).toBe(false);
    expect(isUuid(42)).toBe(false);
  });
});
