import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { pino } from 'pino';
import pretty from 'pino-pretty';
import type { LogFormat, LogLevel } from '../config';

export interface LoggingConfig {
  logLevel: LogLevel;
  logFormat?: LogFormat;
  logRequests?: boolean;
}

const redact = ['req.headers.authorization', 'req.headers.cookie'];

/**
 * Paths whose last part is itself the capability (a receipt's or credit note's link, a private
 * calendar feed that calendar apps read every few minutes): whoever reads the logs must not be
 * able to open them. The segment is replaced, the rest of the path and the query stay readable.
 */
const capabilityPaths = [/^(\/v1\/payments\/receipts\/)[^/?]+/, /^(\/v1\/payments\/credit-notes\/)[^/?]+/, /^(\/v1\/calendar\/)[^/?]+/];

/** The request's URL as a log line may carry it. */
export function loggableUrl(url: string): string {
  for (const path of capabilityPaths) if (path.test(url)) return url.replace(path, '$1…');
  return url;
}

/** The request as Fastify's request serializer reads it, with its URL as a log line may carry it. */
function loggedRequest(request: FastifyRequest) {
  return { method: request.method, url: loggableUrl(request.url), host: request.host, ip: request.ip, socket: request.socket, headers: request.headers };
}

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
    if (error) reply.log.error({ req: loggedRequest(request), res: reply, err: error, responseTime: reply.elapsedTime }, line);
    else if (this.enabled) reply.log.info({ req: loggedRequest(request), res: reply, responseTime: reply.elapsedTime }, line);
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
      ? { logger: { level: config.logLevel, redact }, logController }
      : { loggerInstance: pino({ level: config.logLevel, redact }, destination), logController };
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
  return { loggerInstance: pino({ level: config.logLevel, redact }, stream), logController };
}
