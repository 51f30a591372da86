import { createHmac } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { persistedSecret } from '../shared/persisted-secret';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { jwtVerify, SignJWT } from 'jose';
import { clientHeaderPattern, clientKeyIdPattern, clientVersionPattern, userTypes, type UserType } from '@kalike/shared/contracts/auth';
import type { AuthConfig } from '../config';
import { DomainError } from '../shared/domain-error';

/** What a signed-in group puts on `request.user`; other modules rely on exactly these names. */
export interface AuthUser {
  userId: string;
  userType: UserType;
  learnerAccountId: string | null;
  teacherId: string | null;
  isAdmin: boolean;
}

export interface SignedAccessToken {
  token: string;
  expiresAt: Date;
}

export interface AuthRuntime {
  config: AuthConfig;
  /** Keyed hash for low-entropy secrets (OTP codes); the key never leaves the process. */
  hmac(purpose: string, value: string): string;
  /**
   * Deterministic for the same claims and issue time, which is what lets the refresh grace
   * window hand a concurrent second tab the very same access token.
   */
  signAccessToken(claims: AuthUser, issuedAt: Date, sessionId: string): Promise<SignedAccessToken>;
  /** Signature, lifetime and claims only; `requireUser` also checks that the sign-in was not ended. */
  verifyAccessToken(token: string): Promise<AuthUser | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    auth: AuthRuntime;
    /** preHandler: 401 UNAUTHORIZED unless a valid bearer access token is present; sets request.user. Added to route groups by `signedInRoutes`. */
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    /** Null until `requireUser` has run; use `userOf(request)` inside protected handlers. */
    user: AuthUser | null;
  }
}

export interface AuthPluginOptions {
  config: AuthConfig;
}

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ISSUER = 'kalike-api';
const AUDIENCE = 'kalike';
const DEV_SECRET_NAME = 'development';

const clientHeaders = [
  ['x-client', new RegExp(clientHeaderPattern)],
  ['x-client-version', new RegExp(clientVersionPattern)],
  ['x-client-key-id', new RegExp(clientKeyIdPattern)],
] as const;

/** The caller of a route in a `signedInRoutes` group. */
export function userOf(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/**
 * Who may use a group of routes: one role, and the sentence a caller of another role is
 * answered with (403 FORBIDDEN). The account id it hands back is the caller's own, from
 * the token, so routes and services never read ids of another family from the request.
 */
export interface RoleGuard {
  role: 'Learner' | 'Teacher' | 'Admin';
  forbidden: string;
  /** The caller's learner account (for Learner) or teacher id (for Teacher); 403 for anyone else. */
  idOf(user: AuthUser): string;
}

/** Learners with a completed sign-in (their learner account exists). */
export function learnersOnly(forbidden: string): RoleGuard {
  return {
    role: 'Learner',
    forbidden,
    idOf(user) {
      if (user.userType !== 'Learner' || !user.learnerAccountId) throw new DomainError('FORBIDDEN', forbidden, 403);
      return user.learnerAccountId;
    },
  };
}

/** Teachers with a teacher profile. */
export function teachersOnly(forbidden: string): RoleGuard {
  return {
    role: 'Teacher',
    forbidden,
    idOf(user) {
      if (user.userType !== 'Teacher' || !user.teacherId) throw new DomainError('FORBIDDEN', forbidden, 403);
      return user.teacherId;
    },
  };
}

/**
 * Kalike's admins (`users.is_admin`, read from the database on every request by `requireUser`),
 * whichever role they signed in as; the id is their user id.
 */
export function adminsOnly(forbidden: string): RoleGuard {
  return {
    role: 'Admin',
    forbidden,
    idOf(user) {
      if (!user.isAdmin) throw new DomainError('FORBIDDEN', forbidden, 403);
      return user.userId;
    },
  };
}

/**
 * Makes `scope` a group of signed-in routes: every route added to it answers 401 without a
 * valid access token and, with a guard, 403 for other roles, before its handler runs. Call it
 * first thing inside `app.register(async (scope) => { … })`, so fastify's encapsulation keeps
 * the hooks to that group; add the routes to what it returns (the scope, typed by the route
 * schemas). Both run as preHandlers, after the request is validated, before the per-user limits.
 */
export function signedInRoutes(scope: FastifyInstance, guard?: RoleGuard) {
  scope.addHook('preHandler', scope.requireUser);
  if (guard) {
    scope.addHook('preHandler', async (request: FastifyRequest) => {
      guard.idOf(userOf(request));
    });
  }
  return scope.withTypeProvider<TypeBoxTypeProvider>();
}

/** The bearer access token a request carries, if its Authorization header is well formed. */
export function bearerTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return typeof header === 'string' ? /^Bearer ([A-Za-z0-9._-]+)$/.exec(header)?.[1] : undefined;
}

function unauthorized(): DomainError {
  return new DomainError('UNAUTHORIZED', 'Sign in to continue', 401);
}

/**
 * The signed-in user an access token names, when its signature, issuer, audience, lifetime (at
 * `at`) and claims all check out; null otherwise, also while the key is not there yet.
 */
async function decodeAccessTokenWith(token: string, jwtKeyOf: () => Uint8Array, at: Date): Promise<{ user: AuthUser; sessionId: string } | null> {
  try {
    const { payload } = await jwtVerify(token, jwtKeyOf(), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      currentDate: at,
      requiredClaims: ['sub', 'exp', 'iat', 'sid'],
    });
    const { sub, typ, lid, tid, adm, sid } = payload;
    if (typeof sub !== 'string' || typeof sid !== 'string' || !(userTypes as readonly unknown[]).includes(typ)) return null;
    if ((lid !== null && typeof lid !== 'string') || (tid !== null && typeof tid !== 'string')) return null;
    if (typeof adm !== 'boolean') return null;
    return { user: { userId: sub, userType: typ as UserType, learnerAccountId: lid, teacherId: tid, isAdmin: adm }, sessionId: sid };
  } catch {
    return null;
  }
}

export default fp<AuthPluginOptions>(
  async (app: FastifyInstance, { config }) => {
    const now = () => app.clock();
    let jwtKey: Uint8Array | undefined;
    let hmacKey: Buffer | undefined;

    // Resolved once the database is migrated (server.ts migrates after building the app).
    app.addHook('onReady', async () => {
      const secret = config.secret ?? (await persistedSecret(app.db, DEV_SECRET_NAME));
      // Separate derived keys, so a token signature can never double as an OTP hash.
      jwtKey = createHmac('sha256', secret).update('kalike:access-token:v1').digest();
      hmacKey = createHmac('sha256', secret).update('kalike:hmac:v1').digest();
    });

    const keys = () => {
      if (!jwtKey || !hmacKey) throw new Error('Auth keys are used before the app is ready');
      return { jwtKey, hmacKey };
    };

    const runtime: AuthRuntime = {
      config,
      hmac: (purpose, value) => createHmac('sha256', keys().hmacKey).update(`${purpose}:${value}`).digest('base64url'),
      async signAccessToken(claims, issuedAt, sessionId) {
        const iat = Math.floor(issuedAt.getTime() / 1000);
        const exp = iat + ACCESS_TOKEN_TTL_SECONDS;
        const token = await new SignJWT({
          typ: claims.userType,
          lid: claims.learnerAccountId,
          tid: claims.teacherId,
          // Informational: who was an admin at sign-in. Admin routes read `users.is_admin` instead.
          adm: claims.isAdmin,
          // The sign-in (refresh-token family) it belongs to, so logout and reuse detection end it at once.
          sid: sessionId,
        })
          .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
          .setSubject(claims.userId)
          .setIssuer(ISSUER)
          .setAudience(AUDIENCE)
          .setIssuedAt(iat)
          .setExpirationTime(exp)
          .sign(keys().jwtKey);
        return { token, expiresAt: new Date(exp * 1000) };
      },
      async verifyAccessToken(token) {
        return (await decodeAccessToken(token))?.user ?? null;
      },
    };

    const decodeAccessToken = (token: string) => decodeAccessTokenWith(token, () => keys().jwtKey, now());

    /**
     * The signed-in person as the database has them now, or null once the sign-in has ended.
     * Logout, refresh-token reuse and an admin's removal revoke the sign-in; its access tokens
     * stop working at once rather than after their 15 minutes. The admin right is read here
     * too, never from the token's claim, so taking it away holds on the very next request.
     * One primary-key read (with the user's row beside it) per signed-in request, cached nowhere.
     */
    async function liveUser(decoded: { user: AuthUser; sessionId: string }): Promise<AuthUser | null> {
      if (!/^[0-9a-f-]{36}$/i.test(decoded.sessionId)) return null;
      const session = await app.db
        .selectFrom('refresh_token_families as f')
        .innerJoin('users as u', 'u.id', 'f.user_id')
        .select(['f.user_id', 'f.revoked_at', 'f.expires_at', 'u.is_admin'])
        .where('f.id', '=', decoded.sessionId)
        .executeTakeFirst();
      if (!session || session.user_id !== decoded.user.userId || session.revoked_at) return null;
      if (new Date(session.expires_at).getTime() <= now().getTime()) return null;
      return { ...decoded.user, isAdmin: session.is_admin };
    }

    app.decorate('auth', runtime);
    app.decorateRequest('user', null);

    app.decorate('requireUser', async (request: FastifyRequest, reply: FastifyReply) => {
      const token = bearerTokenOf(request);
      const decoded = token ? await decodeAccessToken(token) : null;
      const user = decoded ? await liveUser(decoded) : null;
      if (!user) {
        reply.header('www-authenticate', 'Bearer');
        throw unauthorized();
      }
      request.user = user;
    });

    // The browser identifies itself on every call (spec §6). Optional, but a malformed value is
    // rejected rather than written into logs; valid values ride along on every log line.
    app.addHook('onRequest', async (request) => {
      const client: Record<string, string> = {};
      for (const [name, pattern] of clientHeaders) {
        const value = request.headers[name];
        if (value === undefined) continue;
        if (typeof value !== 'string' || !pattern.test(value)) {
          throw new DomainError('INVALID_CLIENT_HEADER', `Header ${name} is malformed`, 400);
        }
        client[name] = value;
      }
      if (Object.keys(client).length > 0) request.log = request.log.child({ client });
    });
  },
  { name: 'auth', dependencies: ['db'], decorators: { fastify: ['clock'] } },
);
