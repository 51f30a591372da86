import { packRow } from '../../../testing/pack-rows';
import type { PackRow } from './class-packs.repository';
import { appendedDates, chainDates } from './pack-dates';
import { nextPackSlot } from './pack-queue';

const today = '2026-11-26';

/** A pack in use on the 26th: 3 of 8 left, its last class yesterday, valid until 10 Dec. */
const pack = (id: string, values: Partial<PackRow> = {}): PackRow =>
  packRow(id, { plan_name: 'Monthly pack', validity_days: 30, valid_from: '2026-11-11', valid_until: '2026-12-10', last_class_on: '2026-11-25', ...values });

describe('the chain of a place’s pack dates', () => {
  test('a pack paid while one is in use starts the day after it ends and lasts its own validity', () => {
    expect(appendedDates([pack('in-use')], 60, today)).toEqual({ validFrom: '2026-12-11', validUntil: '2027-02-08' });
  });

  test('with nothing held, or only a lapsed pack, a pack paid today starts today', () => {
    expect(appendedDates([], 30, today)).toEqual({ validFrom: today, validUntil: '2026-12-25' });
    expect(appendedDates([pack('lapsed', { valid_from: '2026-09-01', valid_until: '2026-09-30' })], 30, today)).toEqual({
      validFrom: today,
      validUntil: '2026-12-25',
    });
  });

  test('a used-up pack ends on its last class: the pack waiting behind moves up to the next day, keeping its length', () => {
    const waiting = pack('waiting', { valid_from: '2026-12-11', valid_until: '2027-01-09', classes_left: 8, classes_used: 0, last_class_on: null });
    const usedUp = pack('in-use', { classes_left: 0, classes_used: 8, last_class_on: today });
    expect(chainDates([waiting, usedUp], today).get('waiting')).toEqual({ validFrom: '2026-11-27', validUntil: '2026-12-26' });
    // Not yet used up: it stays where it was.
    expect(chainDates([waiting, pack('in-use')], today).get('waiting')).toEqual({ validFrom: '2026-12-11', validUntil: '2027-01-09' });
  });

  test('days given back to a waiting pack travel with it', () => {
    const waiting = pack('waiting', { valid_from: '2026-12-20', valid_until: '2027-01-20', classes_left: 8, classes_used: 0, extra_days: 2 });
    expect(chainDates([waiting, pack('in-use')], today).get('waiting')).toEqual({ validFrom: '2026-12-11', validUntil: '2027-01-11' });
  });

  test('one pack may wait: with one in use and one waiting a third is refused, naming both', () => {
    const waiting = pack('waiting', { valid_from: '2026-12-11', valid_until: '2027-01-09', classes_left: 8, classes_used: 0, last_class_on: null });
    const answer = nextPackSlot([waiting, pack('in-use')], today, 'Ravi');
    expect(answer.kind).toBe('full');
    expect(answer.kind === 'full' && answer.error).toMatchObject({
      code: 'PACK_ALREADY_WAITING',
      message:
        'Ravi has 3 of 8 classes left, valid until 10 Dec 2026, and a pack of 8 classes is already waiting (starts by 11 Dec 2026). Another pack can be bought once that one starts.',
    });
    expect(nextPackSlot([pack('in-use')], today, 'Ravi')).toMatchObject({ kind: 'queued', startsBy: '2026-12-11' });
    expect(nextPackSlot([], today, 'Ravi')).toEqual({ kind: 'now' });
  });
});
