import { sql, type Kysely } from 'kysely';
import type { Database, UserTypeColumn } from '../../db/schema';
import { isCustomerSql } from '../accounts/accounts.port';
import { transactionalRepository } from '../../shared/transactional-repository';

export interface OtpRequestRow {
  id: string;
  phone: string;
  code_hash: string;
  attempts: number;
  expires_at: Date;
  consumed_at: Date | null;
  superseded_at: Date | null;
  /** Null for a sign-in code. */
  purpose: string | null;
  user_id: string | null;
}

export interface OtpRequestValues {
  id: string;
  phone: string;
  clientIp: string;
  codeHash: string;
  createdAt: Date;
  expiresAt: Date;
  /** Only for a code that confirms an action of a signed-in person. */
  action?: { purpose: string; userId: string };
}

export interface IdentityRow {
  user_id: string;
  user_type: UserTypeColumn;
  is_admin: boolean;
  teacher_id: string | null;
  teacher_name: string | null;
  learner_account_id: string | null;
  learner_name: string | null;
  /** Meaningful only with a learner account. */
  learner_is_customer: boolean;
}

export interface RefreshTokenRow {
  id: string;
  family_id: string;
  created_at: Date;
  used_at: Date | null;
  replaced_by: string | null;
  grace_replayed_at: Date | null;
  user_id: string;
  family_role: UserTypeColumn;
  family_expires_at: Date;
  family_revoked_at: Date | null;
}

async function consumeOtpRequest(db: Kysely<Database>, id: string, at: Date): Promise<boolean> {
  const row = await db
    .updateTable('otp_requests')
    .set({ consumed_at: at })
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return Boolean(row);
}

/** A new sign-in code replaces the number's earlier sign-in codes (not its action codes). */
async function supersedeActiveByPhone(db: Kysely<Database>, phone: string, at: Date): Promise<void> {
  await db
    .updateTable('otp_requests')
    .set({ superseded_at: at })
    .where('phone', '=', phone)
    .where('purpose', 'is', null)
    .where('consumed_at', 'is', null)
    .where('superseded_at', 'is', null)
    .where('expires_at', '>', at)
    .execute();
}

/** A new action code replaces the person's earlier codes for the same purpose. */
async function supersedeActionCodes(db: Kysely<Database>, userId: string, purpose: string, at: Date): Promise<void> {
  await db
    .updateTable('otp_requests')
    .set({ superseded_at: at })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .where('superseded_at', 'is', null)
    .where('expires_at', '>', at)
    .execute();
}

async function findPhoneOfUser(db: Kysely<Database>, userId: string): Promise<string | undefined> {
  const row = await db.selectFrom('users').select('phone').where('id', '=', userId).executeTakeFirst();
  return row?.phone;
}

/** Creates a Learner with an empty learner account; undefined when the phone already has a user. */
async function createLearnerUser(db: Kysely<Database>, phone: string): Promise<string | undefined> {
  const user = await db
    .insertInto('users')
    .values({ phone, user_type: 'Learner' })
    .onConflict((oc) => oc.column('phone').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!user) return undefined;
  await db.insertInto('learner_accounts').values({ user_id: user.id }).execute();
  return user.id;
}

async function insertOtpRequest(db: Kysely<Database>, values: OtpRequestValues): Promise<void> {
  await db
    .insertInto('otp_requests')
    .values({
      id: values.id,
      phone: values.phone,
      client_ip: values.clientIp,
      code_hash: values.codeHash,
      created_at: values.createdAt,
      expires_at: values.expiresAt,
      purpose: values.action?.purpose ?? null,
      user_id: values.action?.userId ?? null,
    })
    .execute();
}

/**
 * Counts an attempt before the code is compared, atomically, so parallel guesses cannot
 * exceed the limit. Undefined when the code is no longer usable.
 */
async function registerAttempt(db: Kysely<Database>, id: string, maxAttempts: number, at: Date): Promise<number | undefined> {
  const row = await db
    .updateTable('otp_requests')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('attempts', '<', maxAttempts)
    .where('consumed_at', 'is', null)
    .where('superseded_at', 'is', null)
    .where('expires_at', '>', at)
    .returning('attempts')
    .executeTakeFirst();
  return row?.attempts;
}

/** Locks the token and its family row until the transaction ends. */
function findRefreshTokenByHashForUpdate(db: Kysely<Database>, tokenHash: string): Promise<RefreshTokenRow | undefined> {
  return db
    .selectFrom('refresh_tokens as rt')
    .innerJoin('refresh_token_families as f', 'f.id', 'rt.family_id')
    .select([
      'rt.id',
      'rt.family_id',
      'rt.created_at',
      'rt.used_at',
      'rt.replaced_by',
      'rt.grace_replayed_at',
      'f.user_id',
      'f.role as family_role',
      'f.expires_at as family_expires_at',
      'f.revoked_at as family_revoked_at',
    ])
    .where('rt.token_hash', '=', tokenHash)
    .forUpdate()
    .executeTakeFirst();
}

function queries(db: Kysely<Database>) {
  return {
    // Serialises concurrent sends for one number and one client, so two parallel requests
    // cannot both pass the count check. Always taken in this order, so they cannot deadlock.
    async lockSendCounters(phone: string, clientIp: string): Promise<void> {
      await sql`select pg_advisory_xact_lock(hashtext(${`otp:phone:${phone}`})), pg_advisory_xact_lock(hashtext(${`otp:ip:${clientIp}`}))`.execute(db);
    },

    /** When codes were sent to a number, from a client address, or both, newest first. */
    /** When codes went out to a number, from an address, or both; `signInOnly` leaves out codes confirming actions. */
    async findSendTimes(by: { phone?: string; clientIp?: string; signInOnly?: boolean }, since: Date, limit: number): Promise<Date[]> {
      let query = db.selectFrom('otp_requests').select('created_at');
      if (by.phone !== undefined) query = query.where('phone', '=', by.phone);
      if (by.clientIp !== undefined) query = query.where('client_ip', '=', by.clientIp);
      if (by.signInOnly) query = query.where('purpose', 'is', null);
      const rows = await query.where('created_at', '>', since).orderBy('created_at', 'desc').limit(limit).execute();
      return rows.map((row) => new Date(row.created_at));
    },

    supersedeActiveByPhone: (phone: string, at: Date) => supersedeActiveByPhone(db, phone, at),

    insertOtpRequest: (values: OtpRequestValues) => insertOtpRequest(db, values),

    supersedeActionCodes: (userId: string, purpose: string, at: Date) => supersedeActionCodes(db, userId, purpose, at),

    findPhoneOfUser: (userId: string) => findPhoneOfUser(db, userId),

    findOtpRequestById(id: string): Promise<OtpRequestRow | undefined> {
      return db
        .selectFrom('otp_requests')
        .select(['id', 'phone', 'code_hash', 'attempts', 'expires_at', 'consumed_at', 'superseded_at', 'purpose', 'user_id'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    registerAttempt: (id: string, maxAttempts: number, at: Date) => registerAttempt(db, id, maxAttempts, at),

    consumeOtpRequest: (id: string, at: Date) => consumeOtpRequest(db, id, at),

    createLearnerUser: (phone: string) => createLearnerUser(db, phone),

    /** A learner account for a user who has none yet (a teacher switching to learning); idempotent. */
    async ensureLearnerAccount(userId: string): Promise<void> {
      await db
        .insertInto('learner_accounts')
        .values({ user_id: userId })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
    },

    findIdentityByPhone(phone: string): Promise<IdentityRow | undefined> {
      return identityQuery(db).where('u.phone', '=', phone).executeTakeFirst();
    },

    findIdentityByUserId(userId: string): Promise<IdentityRow | undefined> {
      return identityQuery(db).where('u.id', '=', userId).executeTakeFirst();
    },

    async createRefreshFamily(userId: string, role: UserTypeColumn, createdAt: Date, expiresAt: Date): Promise<string> {
      const row = await db
        .insertInto('refresh_token_families')
        .values({ user_id: userId, role, created_at: createdAt, expires_at: expiresAt })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async insertRefreshToken(familyId: string, tokenHash: string, createdAt: Date): Promise<string> {
      const row = await db
        .insertInto('refresh_tokens')
        .values({ family_id: familyId, token_hash: tokenHash, created_at: createdAt })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    findRefreshTokenByHashForUpdate: (tokenHash: string) => findRefreshTokenByHashForUpdate(db, tokenHash),

    findRefreshTokenById(id: string): Promise<{ id: string; created_at: Date; used_at: Date | null } | undefined> {
      return db.selectFrom('refresh_tokens').select(['id', 'created_at', 'used_at']).where('id', '=', id).executeTakeFirst();
    },

    async markRefreshTokenUsed(id: string, at: Date, replacedBy: string): Promise<void> {
      await db.updateTable('refresh_tokens').set({ used_at: at, replaced_by: replacedBy }).where('id', '=', id).execute();
    },

    async markGraceReplayed(id: string, at: Date): Promise<void> {
      await db.updateTable('refresh_tokens').set({ grace_replayed_at: at }).where('id', '=', id).execute();
    },

    async revokeFamily(familyId: string, at: Date, reason: 'logout' | 'reuse'): Promise<void> {
      await db
        .updateTable('refresh_token_families')
        .set({ revoked_at: at, revoked_reason: reason })
        .where('id', '=', familyId)
        .where('revoked_at', 'is', null)
        .execute();
    },

    async findFamilyIdByTokenHash(tokenHash: string): Promise<string | undefined> {
      const row = await db.selectFrom('refresh_tokens').select('family_id').where('token_hash', '=', tokenHash).executeTakeFirst();
      return row?.family_id;
    },
  };
}

function identityQuery(db: Kysely<Database>) {
  return db
    .selectFrom('users as u')
    .leftJoin('teachers as t', 't.id', 'u.teacher_id')
    .leftJoin('learner_accounts as la', 'la.user_id', 'u.id')
    .select([
      'u.id as user_id',
      'u.user_type',
      'u.is_admin',
      'u.teacher_id',
      't.name as teacher_name',
      'la.id as learner_account_id',
      'la.name as learner_name',
      isCustomerSql('la.id', 'u.phone').as('learner_is_customer'),
    ]);
}

export type AuthQueries = ReturnType<typeof queries>;

export function createAuthRepository(db: Kysely<Database>) {
  return transactionalRepository(db, queries);
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
