import {
  accountLimits,
  type AddStudentBody,
  type UpdateStudentBody,
  type LearnerAccountDto,
  type LocationInput,
  type NewLearnerBody,
  type StudentDto,
  type UpdateAccountBody,
} from '@kalike/shared/contracts/accounts';
import { dateOfBirthMaxAgeYears, dateOfBirthProblem } from '@kalike/shared/domain/account-values';
import { istDateKey } from '@kalike/shared/format/dates';
import type { AuthUser } from '../../plugins/auth';
import { DomainError } from '../../shared/domain-error';
import type { AccountsRepository, NewLocation, StudentRow } from './accounts.repository';

/** One spelling per text: trimmed, single spaces, and NFC so a name typed on any keyboard is stored alike. */
function tidy(text: string): string {
  return text.normalize('NFC').trim().replace(/\s+/g, ' ');
}

function toNewLocation(input: LocationInput): NewLocation {
  return {
    label: tidy(input.label),
    address: tidy(input.address),
    lat: input.coords.lat,
    lng: input.coords.lng,
    pincode: input.pincode,
  };
}

function toStudent(row: StudentRow): StudentDto {
  return { id: row.id, name: row.name, dateOfBirth: row.date_of_birth, grade: row.grade, school: row.school };
}

/**
 * Object-level check (ASVS 8.2.2): the account must exist and belong to the caller. Another
 * family's account answers exactly as an unknown one, so ids cannot be probed for existence.
 */
async function requireOwnAccountOf(repository: AccountsRepository, user: AuthUser, accountId: string): Promise<void> {
  const owner = await repository.findOwnerById(accountId);
  if (!owner || owner.user_id !== user.userId) throw new DomainError('USER_ERROR_NOT_FOUND', 'This learner account does not exist', 404);
}

async function loadAccount(repository: AccountsRepository, accountId: string): Promise<LearnerAccountDto> {
  const [account, students, locations] = await Promise.all([
    repository.findById(accountId),
    repository.findStudentsByAccountId(accountId),
    repository.findLocationsByAccountId(accountId),
  ]);
  if (!account) throw new DomainError('USER_ERROR_NOT_FOUND', 'This learner account does not exist', 404);
  return {
    id: account.id,
    name: { name: account.name },
    email: account.email ? { email: account.email } : null,
    phone: { phone: account.phone },
    isCustomer: account.is_customer,
    students: Object.fromEntries(students.map((student) => [student.id, toStudent(student)])),
    locations: locations.map((location) => ({
      id: location.id,
      label: location.label,
      address: location.address,
      coords: { lat: location.lat, lng: location.lng },
      pincode: location.pincode,
    })),
  };
}

/** The forms' rule (shared/src/domain/account-values.ts); birthdays are counted on Bengaluru's calendar. */
function checkDateOfBirthOn(dateOfBirth: string, today: string): void {
  const problem = dateOfBirthProblem(dateOfBirth, today);
  if (problem === 'invalid') throw new DomainError('VALIDATION_ERROR', 'body.dateOfBirth must be a date on the calendar', 400);
  if (problem === 'future') throw new DomainError('VALIDATION_ERROR', 'body.dateOfBirth must not be in the future', 400);
  if (problem === 'too-old') {
    throw new DomainError('VALIDATION_ERROR', `body.dateOfBirth must not be more than ${dateOfBirthMaxAgeYears} years ago`, 400);
  }
}

export interface AccountsServiceDeps {
  repository: AccountsRepository;
  now: () => Date;
}

export function createAccountsService({ repository, now }: AccountsServiceDeps) {
  const requireOwnAccount = (user: AuthUser, accountId: string) => requireOwnAccountOf(repository, user, accountId);
  const load = (accountId: string) => loadAccount(repository, accountId);
  const checkDateOfBirth = (dateOfBirth: string) => checkDateOfBirthOn(dateOfBirth, istDateKey(now()));

  return {
    async get(user: AuthUser, accountId: string): Promise<LearnerAccountDto> {
      await requireOwnAccount(user, accountId);
      return load(accountId);
    },

    async update(user: AuthUser, accountId: string, body: UpdateAccountBody): Promise<LearnerAccountDto> {
      await requireOwnAccount(user, accountId);
      await repository.transaction(async (tx) => {
        await tx.updateProfile(
          accountId,
          {
            ...(body.name !== undefined ? { name: tidy(body.name) } : {}),
            ...(body.email !== undefined ? { email: body.email === null ? null : body.email.trim().toLowerCase() } : {}),
          },
          now(),
        );
        if (body.locations) await tx.replaceLocations(accountId, body.locations.map(toNewLocation));
      });
      return load(accountId);
    },

    /**
     * Completes the caller's own account after the first sign-in. Safe to repeat: it sets the
     * same fields again and adds the location only while the account has none.
     */
    async completeNewLearner(user: AuthUser, body: NewLearnerBody): Promise<LearnerAccountDto> {
      const accountId = (await repository.findIdByUserId(user.userId)) ?? (await repository.createForUser(user.userId));
      await repository.transaction(async (tx) => {
        await tx.lockById(accountId);
        await tx.updateProfile(
          accountId,
          {
            name: tidy(body.name),
            ...(body.email !== undefined ? { email: body.email.trim().toLowerCase() } : {}),
            completed: true,
          },
          now(),
        );
        if (body.location && (await tx.findLocationsByAccountId(accountId)).length === 0) {
          await tx.replaceLocations(accountId, [toNewLocation(body.location)]);
        }
      });
      return load(accountId);
    },

    async addStudent(user: AuthUser, accountId: string, body: AddStudentBody): Promise<StudentDto> {
      await requireOwnAccount(user, accountId);
      if (body.dateOfBirth) checkDateOfBirth(body.dateOfBirth);
      const row = await repository.transaction(async (tx) => {
        await tx.lockById(accountId);
        if ((await tx.countStudents(accountId)) >= accountLimits.maxStudents) return undefined;
        return tx.insertStudent({
          accountId,
          name: tidy(body.name),
          dateOfBirth: body.dateOfBirth ?? null,
          grade: body.grade ? tidy(body.grade) : null,
          school: body.school ? tidy(body.school) : null,
        });
      });
      if (!row) {
        throw new DomainError('TOO_MANY_STUDENTS', `An account can have at most ${accountLimits.maxStudents} students`, 409);
      }
      return toStudent(row);
    },

    async updateStudent(user: AuthUser, accountId: string, studentId: string, body: UpdateStudentBody): Promise<StudentDto> {
      await requireOwnAccount(user, accountId);
      if (body.dateOfBirth) checkDateOfBirth(body.dateOfBirth);
      const row = await repository.updateStudent(accountId, studentId, {
        name: body.name === undefined ? undefined : tidy(body.name),
        dateOfBirth: body.dateOfBirth,
        grade: body.grade === undefined || body.grade === null ? body.grade : tidy(body.grade),
        school: body.school === undefined || body.school === null ? body.school : tidy(body.school),
      });
      if (!row) throw new DomainError('STUDENT_NOT_FOUND', 'This account has no such student', 404);
      return toStudent(row);
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
