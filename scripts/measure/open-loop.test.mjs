import assert from 'node:assert/strict';
import { test } from 'node:test';

import { clientAddress } from './open-loop.mjs';

test('the load comes from many private client addresses, cycling', () => {
  assert.equal(clientAddress(0), '10.0.0.1');
  assert.equal(clientAddress(255), '10.0.1.0');
  assert.equal(clientAddress(49_999), '10.0.195.80');
  assert.equal(clientAddress(50_000), clientAddress(0));
  const addresses = new Set(Array.from({ length: 50_000 }, (_, index) => clientAddress(index)));
  assert.equal(addresses.size, 50_000);
  for (const address of addresses) assert.match(address, /^10\.\d{1,3}\.\d{1,3}\.\d{1,3}$/);
});
