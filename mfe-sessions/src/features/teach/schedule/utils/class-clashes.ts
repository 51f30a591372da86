import type { TeacherClass } from '@kalike/shared/contracts/sessions';

/** Two classes of the teacher that are on at the same time: the earlier-starting one first. */
export interface ClassClash {
  first: TeacherClass;
  second: TeacherClass;
}

const startOf = (entry: TeacherClass) => Date.parse(entry.session.startTime);
const endOf = (entry: TeacherClass) => Date.parse(entry.session.endTime);

/**
 * Every pair of classes whose times overlap: one starts before the other ends. Classes that only
 * touch (one ends at 5:00 pm, the next starts at 5:00 pm) do not clash, and a cancelled class
 * clashes with nothing, since it is not held. A teacher cannot be at a centre and online at once.
 */
export function findClassClashes(classes: readonly TeacherClass[]): ClassClash[] {
  const held = classes.filter((entry) => entry.session.status !== 'cancelled').sort((a, b) => startOf(a) - startOf(b) || endOf(a) - endOf(b));
  const clashes: ClassClash[] = [];
  held.forEach((first, index) => {
    for (const second of held.slice(index + 1)) {
      if (startOf(second) >= endOf(first)) break;
      clashes.push({ first, second });
    }
  });
  return clashes;
}
