import { batch, uuid } from '../../../../testing/enquiry-fixtures';
import { pickedBatchId } from './picked-batch';

const saturdayMorning = batch({ id: uuid(700), name: 'Saturday beginners', programName: 'Chess for beginners', daysOfWeek: [6], startTime: '10:00' });
const weekdayEvening = batch({ id: uuid(701), name: 'Weekday juniors', programName: 'Chess for beginners', daysOfWeek: [2, 4], startTime: '17:00' });
const otherProgram = batch({ id: uuid(702), name: 'Saturday advanced', programName: 'Chess tournament prep', daysOfWeek: [6], startTime: '11:00' });
const ask = { program: { id: uuid(50), name: 'Chess for beginners' }, preferredDays: [6, 7], preferredTimes: ['morning' as const] };

describe('pickedBatchId', () => {
  it('finds the batch of the asked program meeting only on asked days at an asked time of day', () => {
    expect(pickedBatchId(ask, [weekdayEvening, saturdayMorning, otherProgram])).toBe(uuid(700));
  });

  it('picks nothing when no batch or several fit', () => {
    expect(pickedBatchId({ ...ask, preferredTimes: ['afternoon'] }, [saturdayMorning, weekdayEvening])).toBeNull();
    expect(pickedBatchId({ ...ask, program: null }, [saturdayMorning, otherProgram])).toBeNull();
    expect(pickedBatchId({ ...ask, preferredDays: [6] }, [weekdayEvening])).toBeNull();
  });
});
