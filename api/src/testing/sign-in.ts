import type { FastifyInstance } from 'fastify';
import type { OtpVerifyResponse } from '@kalike/shared/contracts/auth';
import type { ActionCodePurpose, ActionCodeResponse, ActionConfirmation } from '@kalike/shared/contracts/action-codes';
import { createSmsRepository } from '../modules/sms/sms.repository';

/** The texts sent to a number, newest first, read straight from the local outbox table. */
export async function outboxTexts(app: FastifyInstance, phone: string, limit = 10): Promise<string[]> {
  const rows = await createSmsRepository(app.db).findLatestByPhone(phone, limit);
  return rows.map((row) => row.body);
}

/** The six-digit code in the newest outbox message for a number (E.164). */
export async function latestCode(app: FastifyInstance, phone: string): Promise<string> {
  const [text = ''] = await outboxTexts(app, phone, 1);
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`No code in the outbox for ${phone}`);
  return code;
}

/** Signs in through the real OTP endpoints, reading the code from the local outbox. */
export async function signIn(app: FastifyInstance, phone: string, remoteAddress = '127.0.0.1'): Promise<OtpVerifyResponse> {
  const requested = await app.inject({ method: 'POST', url: '/v1/auth/otp/request', payload: { phone }, remoteAddress });
  if (requested.statusCode !== 202) throw new Error(`OTP request failed: ${requested.body}`);
  const { requestId } = requested.json();
  const code = await latestCode(app, phone);
  const verified = await app.inject({ method: 'POST', url: '/v1/auth/otp/verify', payload: { requestId, phone, code }, remoteAddress });
  if (verified.statusCode !== 200) throw new Error(`OTP verify failed: ${verified.body}`);
  return verified.json();
}

/**
 * Asks for a code confirming `purpose` as the signed-in person and reads it from the outbox:
 * the `confirmation` an action's body carries.
 */
export async function actionConfirmation(
  app: FastifyInstance,
  accessToken: string,
  phone: string,
  purpose: ActionCodePurpose,
  remoteAddress = '127.0.0.1',
): Promise<ActionConfirmation> {
  const requested = await app.inject({
    method: 'POST',
    url: '/v1/auth/action-codes',
    headers: { authorization: `Bearer ${accessToken}` },
    payload: { purpose },
    remoteAddress,
  });
  if (requested.statusCode !== 202) throw new Error(`Action code request failed: ${requested.body}`);
  return { requestId: requested.json<ActionCodeResponse>().requestId, code: await latestCode(app, phone) };
}
