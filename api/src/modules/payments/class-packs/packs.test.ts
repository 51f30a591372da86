import { packRow } from '../../../testing/pack-rows';
import { currentPack, usablePacksInOrder } from './packs';

const today = '2026-11-26';

const pack = packRow;

describe('the pack a student is on', () => {
  // Newest first, as packs are read: a renewal paid ahead, then the pack in use.
  const renewal = pack('renewal', { valid_from: today, valid_until: '2027-01-25', classes_left: 8, classes_used: 0 });
  const inUse = pack('in-use');

  it('is the one the next class comes out of, so a renewal paid ahead waits its turn', () => {
    expect(usablePacksInOrder([renewal, inUse], today).map((entry) => entry.id)).toEqual(['in-use', 'renewal']);
    expect(currentPack([renewal, inUse], today)?.id).toBe('in-use');
  });

  it('moves on to the renewal once the pack in use is used up or lapsed', () => {
    expect(currentPack([renewal, pack('in-use', { classes_left: 0, classes_used: 8 })], today)?.id).toBe('renewal');
    expect(currentPack([renewal, pack('in-use', { valid_until: '2026-11-25' })], today)?.id).toBe('renewal');
  });

  it('with nothing usable, is the newest in date, else the newest waiting for payment', () => {
    const usedUp = pack('used-up', { classes_left: 0, classes_used: 8 });
    expect(currentPack([usedUp], today)?.id).toBe('used-up');
    expect(currentPack([pack('waiting', { status: 'pending_payment', valid_from: null, valid_until: null })], today)?.id).toBe('waiting');
    expect(currentPack([], today)).toBeNull();
  });
});
