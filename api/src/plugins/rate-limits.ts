import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, RouteOptions, onRequestHookHandler, preHandlerHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { Type } from 'typebox';
import { clientAddressKey } from '../shared/client-address';
import { createAddressPreLimit, type PreLimitOptions } from './address-pre-limit';
import { bearerTokenOf } from './auth';
import { DomainError } from '../shared/domain-error';

export interface Limit {
  max: number;
  windowMs: number;
}

/** Both are counted; the first one used up answers 429. */
export interface RouteLimit {
  /**
   * Per client address (an IPv6 /56 counts as one), checked before the body is read: first by
   * this instance's count in memory, then in the shared store (see address-pre-limit.ts).
   */
  perAddress?: Limit;
  /** Per signed-in user, checked after sign-in is checked; requests without a valid token skip it. */
  perUser?: Limit;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Every route that costs money (SMS, Google, the gateway), much CPU, or tells a caller whether
 * something exists, with its limits, keyed "METHOD /url" exactly as the route is registered.
 * Per-address limits are loose because many families share one address behind a carrier's or
 * an apartment's NAT; per-user limits are the tight ones.
 *
 * Left out on purpose: `GET /v1/marketplace/page-changes`. The web origins poll it every 2 s,
 * all from their one address, and a refusal would leave changed teacher pages cached for a
 * day; an answer is one index range read, and on PostgreSQL a limit would itself cost a write
 * to the shared counters on every poll.
 */
export const routeLimits: Readonly<Record<string, RouteLimit>> = {
  // Sign-in. Sending codes is limited per number and per address in the database (auth.service).
  'POST /v1/auth/otp/verify': { perAddress: { max: 30, windowMs: 10 * MINUTE } },
  'POST /v1/auth/refresh': { perAddress: { max: 120, windowMs: 10 * MINUTE } },
  // Each starts a sign-in (a refresh-token family); a person needs a handful a day.
  'POST /v1/auth/switch-role': { perAddress: { max: 200, windowMs: HOUR }, perUser: { max: 30, windowMs: HOUR } },
  // Per address in short windows: the address is counted before sign-in is checked, so a row of the
  // shared store must not outlive a few minutes for a caller who is not even signed in.
  'POST /v1/teachers/join': { perAddress: { max: 20, windowMs: 10 * MINUTE }, perUser: { max: 10, windowMs: HOUR } },
  // Search runs the heaviest queries; reverse geocoding is billed per call.
  'GET /v1/marketplace/teacherListings/search': { perAddress: { max: 600, windowMs: MINUTE }, perUser: { max: 120, windowMs: MINUTE } },
  'GET /v1/geo/reverse': { perAddress: { max: 60, windowMs: HOUR }, perUser: { max: 20, windowMs: HOUR } },
  // Coupon and referral checks say whether a code exists.
  'POST /v1/discounts/validate-coupon/batchStudentID/:batchStudentId': { perAddress: { max: 200, windowMs: HOUR }, perUser: { max: 20, windowMs: HOUR } },
  'GET /v1/class/batchStudent/:id/classpack': { perAddress: { max: 600, windowMs: HOUR }, perUser: { max: 120, windowMs: HOUR } },
  // Joining a batch takes a seat. Short per-address windows, as for joining as a teacher.
  'POST /v1/class/validate-payment-request/batch/:id/join': { perAddress: { max: 20, windowMs: 10 * MINUTE }, perUser: { max: 10, windowMs: HOUR } },
  // Enquiries text the teacher; the daily caps per learner and per teacher are in enquiry-sending.service.
  'POST /v1/marketplace/enquiries': { perAddress: { max: 100, windowMs: HOUR }, perUser: { max: 10, windowMs: HOUR } },
  'POST /v1/marketplace/enquiries/:id/close': { perAddress: { max: 200, windowMs: HOUR }, perUser: { max: 20, windowMs: HOUR } },
  // Payments: every order is a call to the gateway.
  'POST /v1/payments/batch-student/:batchStudentID/class-pack/:classPackPlanID': {
    perAddress: { max: 200, windowMs: HOUR },
    perUser: { max: 20, windowMs: HOUR },
  },
  'POST /v1/payments/payment-link/:id/payments': { perAddress: { max: 200, windowMs: HOUR }, perUser: { max: 20, windowMs: HOUR } },
  'POST /v1/payments/payment-request/:id/payments': { perAddress: { max: 200, windowMs: HOUR }, perUser: { max: 20, windowMs: HOUR } },
  'POST /v1/marketplace/enquiries/:id/payments': { perAddress: { max: 200, windowMs: HOUR }, perUser: { max: 20, windowMs: HOUR } },
  'POST /v1/payments/settlement-balance/batch-student/:id': { perAddress: { max: 200, windowMs: HOUR }, perUser: { max: 20, windowMs: HOUR } },
  'POST /v1/ledgers/learners/payment': { perAddress: { max: 200, windowMs: HOUR }, perUser: { max: 20, windowMs: HOUR } },
  'POST /v1/payments/verify': { perAddress: { max: 400, windowMs: HOUR }, perUser: { max: 40, windowMs: HOUR } },
  // Payouts: every account saved is checked by the payout provider (RazorpayX bills each validation).
  'PUT /v1/payments/teacher/payout-account': { perAddress: { max: 100, windowMs: HOUR }, perUser: { max: 10, windowMs: HOUR } },
  'POST /v1/payments/teacher/payouts': { perAddress: { max: 200, windowMs: HOUR }, perUser: { max: 20, windowMs: HOUR } },
  // Every photo is decoded and resized: much CPU for one request.
  'PUT /v1/teachers/me/photo': { perAddress: { max: 120, windowMs: HOUR }, perUser: { max: 30, windowMs: HOUR } },
  // Each writes a row of the consent log; a person decides a handful of times.
  'POST /v1/account/whatsapp-consent': { perAddress: { max: 200, windowMs: HOUR }, perUser: { max: 20, windowMs: HOUR } },
  'POST /v1/push/subscriptions': { perAddress: { max: 200, windowMs: HOUR }, perUser: { max: 30, windowMs: HOUR } },
  'DELETE /v1/push/subscriptions': { perAddress: { max: 200, windowMs: HOUR }, perUser: { max: 30, windowMs: HOUR } },
  // A person's data: each download reads every section of the account (up to 2,000 rows each); a
  // person needs it a few times, never a stream. Deleting is one decision, confirmed with a code.
  'GET /v1/user/data-export': { perAddress: { max: 60, windowMs: HOUR }, perUser: { max: 10, windowMs: HOUR } },
  'POST /v1/user/account/deletion': { perAddress: { max: 60, windowMs: HOUR }, perUser: { max: 10, windowMs: HOUR } },
  // A preview card not drawn lately takes tens of milliseconds of CPU; unfurlers and crawlers ask a few at a time.
  'GET /v1/marketplace/teacherListings/slug/:slug/preview.png': { perAddress: { max: 300, windowMs: MINUTE } },
};

/**
 * The counters' home, as @fastify/rate-limit's store interface (`incr(key, callback, windowMs,
 * max)` and `child(options)`). Unset: its in-memory store, one per API instance; on PostgreSQL
 * the app passes the shared table (postgres-rate-limit-store.ts) so limits hold across instances.
 */
export type RateLimitStore = NonNullable<Parameters<typeof rateLimit>[1]>['store'];

declare module 'fastify' {
  interface FastifyInstance {
    /** The store every limiter of the app counts in, the routes' own ones too (analytics, CSP reports); undefined: in memory. */
    rateLimitStore: RateLimitStore | undefined;
  }
}

export interface RateLimitsOptions {
  limits?: Readonly<Record<string, RouteLimit>>;
  store?: RateLimitStore;
  /** The in-memory count before the shared store (`preLimitDefaults`). */
  preLimit?: Partial<PreLimitOptions>;
}

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

/** 429 from a route limit (with retryAfterSeconds) or from a route's own cap (may go without). */
const TooManySchema = Type.Object({
  statusCode: Type.Integer(),
  code: Type.String(),
  message: Type.String(),
  retryAfterSeconds: Type.Optional(Type.Integer({ minimum: 1 })),
});

function rateLimited(retryAfterSeconds: number): DomainError {
  return new DomainError('RATE_LIMITED', `Too many tries in a short time; try again in ${waitWords(retryAfterSeconds)}`, 429, { retryAfterSeconds });
}

function waitWords(seconds: number): string {
  if (seconds < 90) return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minutes`;
}

async function enforce(limiter: Limiter, request: FastifyRequest): Promise<void> {
  const outcome = await limiter(request);
  if (outcome.isAllowed || !outcome.isExceeded) return;
  throw rateLimited(Math.max(1, outcome.ttlInSeconds));
}

function methodsOf(route: RouteOptions): string[] {
  return Array.isArray(route.method) ? route.method : [route.method];
}

function append<T>(existing: T | T[] | undefined, hook: T): T[] {
  if (existing === undefined) return [hook];
  return Array.isArray(existing) ? [...existing, hook] : [existing, hook];
}

export default fp<RateLimitsOptions>(
  async (app: FastifyInstance, { limits = routeLimits, store, preLimit: preLimitOptions }) => {
    app.decorate('rateLimitStore', store);
    // Registered in a child context: only the limiters made here count, and @fastify/rate-limit
    // never hooks a route by itself (the analytics route keeps its own instance).
    let createLimiter: FastifyInstance['createRateLimit'] | undefined;
    await app.register(async (child) => {
      await child.register(rateLimit, { global: false, ...(store ? { store } : {}) });
      createLimiter = child.createRateLimit.bind(child);
    });
    if (!createLimiter) throw new Error('Rate limiter did not start');
    const makeLimiter = createLimiter;

    const preLimit = createAddressPreLimit(preLimitOptions);
    const limited = new Set<string>();
    const callers = new WeakMap<FastifyRequest, string>();
    // Only to count the caller: request.user stays unset on a public route.
    const bearerUserId = async (request: FastifyRequest): Promise<string | undefined> => {
      const token = bearerTokenOf(request);
      return token ? (await app.auth.verifyAccessToken(token))?.userId : undefined;
    };

    app.addHook('onRoute', (route) => {
      for (const method of methodsOf(route)) {
        const name = `${method} ${route.url}`;
        const limit = limits[name];
        if (!limit) continue;
        limited.add(name);
        // The API description says which routes may answer 429.
        const response = route.schema?.response as Record<string, unknown> | undefined;
        if (response && !response['429']) response['429'] = TooManySchema;

        if (limit.perAddress) {
          const perAddress = limit.perAddress;
          const byAddress = makeLimiter({
            max: perAddress.max,
            timeWindow: perAddress.windowMs,
            keyGenerator: (request) => `${name}|address|${clientAddressKey(request.ip)}`,
          });
          const hook: onRequestHookHandler = async (request) => {
            const verdict = preLimit.hit(name, clientAddressKey(request.ip), perAddress);
            if (verdict.kind === 'refused') throw rateLimited(verdict.retryAfterSeconds);
            if (verdict.kind === 'shared') await enforce(byAddress, request);
          };
          route.onRequest = append(route.onRequest, hook);
        }

        if (limit.perUser) {
          const byUser = makeLimiter({
            max: limit.perUser.max,
            timeWindow: limit.perUser.windowMs,
            keyGenerator: (request) => `${name}|user|${callers.get(request) ?? ''}`,
          });
          // Runs after the signed-in group's and the route's preHandlers, so request.user is set; a
          // public route (search) still counts a caller who sends a valid token.
          const hook: preHandlerHookHandler = async (request) => {
            const userId = request.user?.userId ?? (await bearerUserId(request));
            if (!userId) return;
            callers.set(request, userId);
            await enforce(byUser, request);
          };
          route.preHandler = append(route.preHandler, hook);
        }
      }
    });

    // A renamed route must not quietly lose its limit.
    app.addHook('onReady', async () => {
      const missing = Object.keys(limits).filter((name) => !limited.has(name));
      if (missing.length > 0) throw new Error(`Rate limits name routes that do not exist: ${missing.join(', ')}`);
    });
  },
  { name: 'rate-limits', dependencies: ['auth'] },
);
