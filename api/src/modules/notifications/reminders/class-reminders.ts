import { addDaysToDateKey, istDayStart, type DateKey } from '@kalike/shared/format/dates';
import type { NotificationEvent } from '../notifications.port';
import type { ClassReminderQueries, ExpectedStudentRow, PageEnd, TeacherClassRow } from './class-reminders.repository';

/** Rows read per query, and pages per reminder and pass: a pass stays bounded however busy the day. */
export const REMINDER_PAGE = 200;
export const REMINDER_MAX_PAGES = 10;

/** Reads a span a page at a time, each page starting after the last row of the one before. */
async function allPages<Row>(read: (pageEnd: PageEnd | null) => Promise<Row[]>, endOf: (row: Row) => PageEnd): Promise<Row[]> {
  const rows: Row[] = [];
  let pageEnd: PageEnd | null = null;
  for (let page = 0; page < REMINDER_MAX_PAGES; page++) {
    const batch = await read(pageEnd);
    rows.push(...batch);
    const last = batch[batch.length - 1];
    if (batch.length < REMINDER_PAGE || !last) break;
    pageEnd = endOf(last);
  }
  return rows;
}

/** Students expected in classes starting in [from, until). */
export function expectedIn(queries: ClassReminderQueries, from: Date, until: Date): Promise<ExpectedStudentRow[]> {
  return allPages(
    (pageEnd) => queries.expectedBetween(from, until, pageEnd, REMINDER_PAGE),
    (row) => ({ startsAt: new Date(row.starts_at), id: row.student_key }),
  );
}

/** The teachers' classes starting in [from, until). */
export function teacherClassesIn(queries: ClassReminderQueries, from: Date, until: Date): Promise<TeacherClassRow[]> {
  return allPages(
    (pageEnd) => queries.teacherClassesBetween(from, until, pageEnd, REMINDER_PAGE),
    (row) => ({ startsAt: new Date(row.starts_at), id: row.session_id }),
  );
}

/** The span of one IST day. */
export function dayBounds(day: DateKey): { from: Date; until: Date } {
  return { from: istDayStart(day), until: istDayStart(addDaysToDateKey(day, 1)) };
}

/** One family's students in one class, so a family with two children in it hears once. */
interface FamilyInClass {
  row: ExpectedStudentRow;
  names: string[];
}

function byFamilyAndClass(rows: readonly ExpectedStudentRow[]): FamilyInClass[] {
  const groups = new Map<string, FamilyInClass>();
  for (const row of rows) {
    const key = `${row.session_id}:${row.user_id}`;
    const group = groups.get(key) ?? { row, names: [] };
    if (!group.names.includes(row.student_name)) group.names.push(row.student_name);
    groups.set(key, group);
  }
  return [...groups.values()];
}

type ClassReminderKind = 'class.tomorrow' | 'class.in_an_hour';

/** A class reminder per family and class, said until the class starts. */
export function familyClassReminders(kind: ClassReminderKind, rows: readonly ExpectedStudentRow[], at: Date): NotificationEvent<ClassReminderKind>[] {
  return byFamilyAndClass(rows).map(({ row, names }) => ({
    kind,
    userId: row.user_id,
    params: {
      teacherName: row.teacher_name,
      programName: row.program_name,
      batchName: row.batch_name,
      startsAt: new Date(row.starts_at).toISOString(),
      studentNames: names,
      sessionId: row.session_id,
    },
    eventKey: `${kind}:${row.session_id}:${row.user_id}`,
    at,
    validUntil: new Date(row.starts_at),
  }));
}

/** Each teacher's day: how many classes, and when the first starts. */
export function teacherDayReminders(rows: readonly TeacherClassRow[], day: DateKey, at: Date): NotificationEvent<'teach.today'>[] {
  const byTeacher = new Map<string, { count: number; first: Date }>();
  for (const row of rows) {
    const startsAt = new Date(row.starts_at);
    const day = byTeacher.get(row.teacher_user_id);
    byTeacher.set(row.teacher_user_id, day ? { count: day.count + 1, first: startsAt < day.first ? startsAt : day.first } : { count: 1, first: startsAt });
  }
  return [...byTeacher.entries()].map(([userId, { count, first }]) => ({
    kind: 'teach.today',
    userId,
    params: { classCount: count, firstStartsAt: first.toISOString() },
    eventKey: `teach.today:${userId}:${day}`,
    at,
    validUntil: dayBounds(day).until,
  }));
}

/** A register still to take, once per class. */
export function registerMissingReminder(row: TeacherClassRow, at: Date): NotificationEvent<'teach.register_missing'> {
  return {
    kind: 'teach.register_missing',
    userId: row.teacher_user_id,
    params: { programName: row.program_name, batchName: row.batch_name, startsAt: new Date(row.starts_at).toISOString(), sessionId: row.session_id },
    eventKey: `teach.register_missing:${row.session_id}`,
    at,
  };
}

/** A student with no class left expected in tomorrow's class, told to the teacher before it. */
export function noClassesLeftReminder(row: ExpectedStudentRow & { teacher_user_id: string }, at: Date): NotificationEvent<'teach.student_no_classes'> {
  return {
    kind: 'teach.student_no_classes',
    userId: row.teacher_user_id,
    params: {
      studentName: row.student_name,
      programName: row.program_name,
      batchName: row.batch_name,
      startsAt: new Date(row.starts_at).toISOString(),
      sessionId: row.session_id,
    },
    eventKey: `teach.student_no_classes:${row.session_id}:${row.student_key}`,
    at,
    validUntil: new Date(row.starts_at),
  };
}
