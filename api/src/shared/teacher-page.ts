import type { SessionTeacher } from '@kalike/shared/contracts/sessions';
import * as paths from '@kalike/shared/routing/paths';

/** The marketplace serves Bengaluru only, so every teacher page sits under it. */
export const MARKETPLACE_CITY = 'bengaluru';

/** The teacher's page in the app, for one of their categories (the shared route builder, so links and routes agree). */
export function teacherPath(categorySlug: string, teacherSlug: string): string {
  return paths.teacher(MARKETPLACE_CITY, categorySlug, teacherSlug);
}

export interface SessionTeacherRow {
  teacher_id: string;
  teacher_name: string;
  teacher_slug: string;
  /** The category of the listing the batch belongs to: its page is where the family met the teacher. */
  category_slug: string;
}

export function toSessionTeacher(row: SessionTeacherRow): SessionTeacher {
  return { id: row.teacher_id, name: row.teacher_name, slug: row.teacher_slug, pagePath: teacherPath(row.category_slug, row.teacher_slug) };
}
