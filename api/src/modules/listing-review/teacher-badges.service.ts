import type { AdminTeacher, AdminTeachers, GrantBadgeBody, TeacherBadgeParams } from '@kalike/shared/contracts/admin-teachers';
import { badgeReasonLength, teacherSearchLimit } from '@kalike/shared/domain/admin-values';
import { badgeCopy } from '@kalike/shared/domain/badges';
import { badgeKinds } from '@kalike/shared/domain/listing-values';
import type { AuthUser } from '../../plugins/auth';
import { DomainError } from '../../shared/domain-error';
import { teacherPath } from '../../shared/teacher-page';
import type { AdminTeacherRow, BadgeRow, TeacherBadgesRepository } from './teacher-badges.repository';
import { reviewingAdmins } from './listing-review-admins';

export interface TeacherBadgesServiceDeps {
  repository: TeacherBadgesRepository;
  now: () => Date;
  /** Badges show on cards and the teacher page: the marketplace's cached answers go. */
  onChanged: () => void;
}

/**
 * Badges one teacher holds at a time: Teacher of the Day is one teacher, so granting it to
 * someone takes it from whoever had it (docs/product-decisions.md).
 */
export const singleHolderBadges: ReadonlySet<TeacherBadgeParams['badge']> = new Set(['teacher_of_the_day']);

export function badgeReason(raw: string): string {
  const reason = raw.trim();
  const length = [...reason].length;
  if (length < badgeReasonLength.min) throw new DomainError('VALIDATION_ERROR', `Say why in at least ${badgeReasonLength.min} characters`, 400);
  if (length > badgeReasonLength.max) throw new DomainError('VALIDATION_ERROR', `A reason can be at most ${badgeReasonLength.max} characters`, 400);
  return reason;
}

/** The digits of a query that looks like part of a phone number (four or more), else null. */
export function phoneDigits(query: string): string | null {
  if (!/^[\d\s+()-]+$/.test(query)) return null;
  const digits = query.replace(/\D/g, '');
  return digits.length >= 4 ? digits : null;
}

function toAdminTeacher(row: AdminTeacherRow, badges: readonly BadgeRow[]): AdminTeacher {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    pagePath: row.page_category_slug ? teacherPath(row.page_category_slug, row.slug) : null,
    liveListings: row.live_listings,
    badges: badgeKinds.flatMap((kind) => {
      const badge = badges.find((held) => held.teacher_id === row.id && held.badge === kind);
      return badge ? [{ kind, label: badgeCopy[kind].label, reason: badge.reason, grantedAt: new Date(badge.granted_at).toISOString() }] : [];
    }),
  };
}

const teacherNotFound = () => new DomainError('TEACHER_NOT_FOUND', 'This teacher does not exist', 404);

export function createTeacherBadgesService({ repository, now, onChanged }: TeacherBadgesServiceDeps) {
  const answer = async (teacherId: string): Promise<AdminTeacher> => {
    const [row, badges] = await Promise.all([repository.findTeacher(teacherId), repository.findBadges([teacherId])]);
    if (!row) throw teacherNotFound();
    return toAdminTeacher(row, badges);
  };

  return {
    async search(user: AuthUser, query: string): Promise<AdminTeachers> {
      reviewingAdmins.idOf(user);
      const text = query.trim();
      if ([...text].length < 2) throw new DomainError('VALIDATION_ERROR', 'Type at least 2 letters of a name or 4 digits of a number', 400);
      const rows = await repository.search(text, phoneDigits(text), teacherSearchLimit);
      const badges = await repository.findBadges(rows.map((row) => row.id));
      return { teachers: rows.map((row) => toAdminTeacher(row, badges)) };
    },

    /** Grants a badge with the reason learners read beside it; the teacher's cards and page show it at once. */
    async grant(user: AuthUser, { teacherId, badge }: TeacherBadgeParams, body: GrantBadgeBody): Promise<AdminTeacher> {
      reviewingAdmins.idOf(user);
      const reason = badgeReason(body.reason);
      await repository.transaction(async (tx) => {
        if (!(await tx.lockTeacher(teacherId))) throw teacherNotFound();
        const previous = singleHolderBadges.has(badge) ? await tx.remove(badge, { exceptTeacherId: teacherId }) : [];
        await tx.grant(teacherId, badge, reason, now());
        await tx.refreshListingsOf([teacherId, ...previous]);
        await tx.recordPageChanges([teacherId, ...previous]);
      });
      onChanged();
      return answer(teacherId);
    },

    /** Removes a badge; removing one the teacher does not hold changes nothing and answers the teacher. */
    async remove(user: AuthUser, { teacherId, badge }: TeacherBadgeParams): Promise<AdminTeacher> {
      reviewingAdmins.idOf(user);
      await repository.transaction(async (tx) => {
        if (!(await tx.lockTeacher(teacherId))) throw teacherNotFound();
        const removedFrom = await tx.remove(badge, { teacherId });
        await tx.refreshListingsOf([teacherId]);
        await tx.recordPageChanges(removedFrom);
      });
      onChanged();
      return answer(teacherId);
    },
  };
}
