import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { pino } from 'pino';
import pretty from 'pino-pretty';
import type { LogFormat, LogLevel } from '../config';
import { batchInvitationHeader } from '@kalike/shared/domain/batch-student-lifecycle';

export interface LoggingConfig {
  logLevel: LogLevel;
  logFormat?: LogFormat;
  logRequests?: boolean;
}

const redact = ['req.headers.authorization', 'req.headers.cookie', `req.headers["${batchInvitationHeader}"]`];

/** What stands in a log line for a capability that was taken out. */
const hidden = '…';

/**
 * Paths whose next part is itself the capability: whoever reads the logs must not be able to
 * open them. The API's (a receipt's or credit note's link, a private calendar feed, a payment
 * request or payment link opened by its unguessable id, the sandbox checkout of an order), and
 * the web pages they are opened from, which reach the API as a checkout's `returnUrl`. The
 * part is replaced; the rest of the path stays readable.
 */
const capabilityPaths = [
  '/v1/payments/receipts/',
  '/v1/payments/credit-notes/',
  '/v1/calendar/',
  '/v1/payments/payment-request/',
  '/v1/payments/payment-link/',
  // The teacher's own routes name the same id, which opens the family's page for anyone.
  '/v1/payments/teacher/payment-requests/',
  '/v1/payments/sandbox/checkout/',
  '/pay/',
  '/payment-request/',
  '/old-batch-payment-request/',
  '/credit-notes/',
].map((prefix) => new RegExp(`^(${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')})[^/?#]+`));

/**
 * Query parameters that carry a capability or a secret by their name: an invitation, a token,
 * a code (sign-in, referral), a gateway's signature, a key. Their value is replaced.
 */
const capabilityParam = /token|code|invitation|signature|secret|otp|password|key|sig$/i;

/** Query parameters that carry an address (a checkout's `returnUrl`): written as a URL would be. */
const urlParam = /url|uri|redirect|return|next|continue/i;

function loggableParam(name: string, value: string): string {
  if (capabilityParam.test(name)) return hidden;
  if (value.startsWith('/')) return loggableUrl(value);
  if (urlParam.test(name) && /^https?:\/\//i.test(value)) {
    try {
      const url = new URL(value);
      return `${url.origin}${loggableUrl(`${url.pathname}${url.search}`)}`;
    } catch {
      return hidden;
    }
  }
  return value;
}

function decoded(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return value;
  }
}

/**
 * The request's URL as a log line may carry it: capability parts of the path and capability
 * query parameters replaced by "…", everything else as it came (so a failure can still be
 * traced to its route and its ordinary filters).
 */
export function loggableUrl(url: string): string {
  const queryAt = url.indexOf('?');
  let path = queryAt === -1 ? url : url.slice(0, queryAt);
  for (const pattern of capabilityPaths) path = path.replace(pattern, `$1${hidden}`);
  if (queryAt === -1) return path;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals === -1) return pair;
      const name = pair.slice(0, equals);
      const value = pair.slice(equals + 1);
      const shown = loggableParam(decoded(name), decoded(value));
      return shown === decoded(value) ? pair : `${name}=${shown === hidden ? hidden : encodeURIComponent(shown)}`;
    })
    .join('&');
  return `${path}?${query}`;
}

/**
 * The request serializer: what a log line says about a request (Fastify's fields), with its URL
 * as `loggableUrl` writes it. Every line that carries `req` goes through it.
 */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggableUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket ? request.socket.remotePort : undefined,
  };
}

const serializers = { req: serializeRequest };

/**
 * At most one line per request, written when the response is sent ("GET /v1/… 200 12 ms"
 * with the request and response fields for JSON readers), instead of Fastify's two
 * ("incoming request", "request completed"); none at all when request logs are off. A
 * failed response is always logged, with its error.
 */
export class OneLinePerRequest extends LogController {
  constructor(private readonly enabled: boolean) {
    super();
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = `${request.method} ${loggableUrl(request.url)} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`;
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, line);
    else if (this.enabled) reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, line);
  }
}

/**
 * The server's logger. JSON lines are what log collectors read. A person running
 * `npm start` in a terminal gets pino-pretty's short lines instead: time, level, message,
 * with the structured fields left out (errors still print with their stack).
 */
export function loggerOptions(
  config: LoggingConfig,
  destination: NodeJS.WritableStream & { isTTY?: boolean } = process.stdout,
): (Pick<FastifyServerOptions, 'logger'> | { loggerInstance: FastifyBaseLogger }) & { logController: LogController } {
  const logController = new OneLinePerRequest(config.logRequests ?? false);
  if (config.logFormat !== 'pretty') {
    return destination === process.stdout
      ? { logger: { level: config.logLevel, redact, serializers }, logController }
      : { loggerInstance: pino({ level: config.logLevel, redact, serializers }, destination), logController };
  }
  const stream = pretty({
    destination,
    colorize: Boolean(destination.isTTY),
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId',
    hideObject: true,
    // In-process and synchronous: no worker thread, and nothing lost when the process exits.
    sync: true,
  });
  return { loggerInstance: pino({ level: config.logLevel, redact, serializers }, stream), logController };
}
