import { istDayStart } from '@kalike/shared/format/dates';
import { earningsMaxMonths, type TeacherEarnings, type TeacherEarningsQuery } from '@kalike/shared/contracts/teacher-earnings';
import { teachersOnly, type AuthUser } from '../../../plugins/auth';
import type { TakeHomeQuery, TeacherTakeHome } from '@kalike/shared/contracts/teacher-take-home';
import { DomainError } from '../../../shared/domain-error';
import { teacherTakeHome } from '../money';
import { earningsStatement, istMonthOf, monthsBetween, nextMonth } from './earnings-figures';
import type { EarningsRepository } from './earnings.repository';

export const earningTeachers = teachersOnly('Only teachers have an earnings statement');

export interface EarningsServiceDeps {
  repository: EarningsRepository;
  now: () => Date;
  /** Kalike's fee, from configuration (`KALIKE_FEE_BASIS_POINTS`). */
  feeBasisPoints: number;
}

/** The months a query asks for: `to` defaults to this month in Bengaluru, `from` to `to`. */
export function statementMonths(query: TeacherEarningsQuery, today: Date): { from: string; to: string } {
  const to = query.to ?? istMonthOf(today);
  const from = query.from ?? to;
  const count = monthsBetween(from, to).length;
  if (count === 0) throw new DomainError('VALIDATION_ERROR', `The statement must start before it ends: ${from} is after ${to}.`, 400);
  if (count > earningsMaxMonths) {
    throw new DomainError('VALIDATION_ERROR', `A statement covers at most ${earningsMaxMonths} months; ${from} to ${to} is ${count}.`, 400);
  }
  return { from, to };
}

export function createEarningsService({ repository, now, feeBasisPoints }: EarningsServiceDeps) {
  return {
    /** The signed-in teacher's statement: only money paid for, and refunded from, their own batches is read. */
    async statement(user: AuthUser, query: TeacherEarningsQuery): Promise<TeacherEarnings> {
      const teacherId = earningTeachers.idOf(user);
      const { from, to } = statementMonths(query, now());
      const start = istDayStart(`${from}-01`);
      const end = istDayStart(`${nextMonth(to)}-01`);
      const [payments, refunds] = await Promise.all([repository.paymentsOfTeacher(teacherId, start, end), repository.refundsOfTeacher(teacherId, start, end)]);
      return earningsStatement({ from, to, feeBasisPoints, payments, refunds });
    },

    /** What a teacher receives from a payment at a price made now: the statement's own figures for it. Public, like the fee. */
    takeHome(query: TakeHomeQuery): TeacherTakeHome {
      return teacherTakeHome(query.pricePaise, feeBasisPoints, now());
    },
  };
}

export type EarningsService = ReturnType<typeof createEarningsService>;
