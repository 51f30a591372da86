import type { FastifyInstance } from 'fastify';
import type { OtpVerifyResponse } from '@kalike/shared/contracts/auth';

/** The six-digit code in the newest dev-outbox message for a number. */
export async function latestCode(app: FastifyInstance, phone: string): Promise<string> {
  const response = await app.inject({ method: 'GET', url: `/v1/dev/sms-outbox?phone=${encodeURIComponent(phone)}` });
  const text: string = response.json().messages[0]?.text ?? '';
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`No code in the outbox for ${phone}`);
  return code;
}

/** Signs in through the real OTP endpoints, reading the code from the dev outbox. */
export async function signIn(app: FastifyInstance, phone: string, remoteAddress = '127.0.0.1'): Promise<OtpVerifyResponse> {
  const requested = await app.inject({ method: 'POST', url: '/v1/auth/otp/request', payload: { phone }, remoteAddress });
  if (requested.statusCode !== 202) throw new Error(`OTP request failed: ${requested.body}`);
  const { requestId } = requested.json();
  const code = await latestCode(app, phone);
  const verified = await app.inject({ method: 'POST', url: '/v1/auth/otp/verify', payload: { requestId, phone, code }, remoteAddress });
  if (verified.statusCode !== 200) throw new Error(`OTP verify failed: ${verified.body}`);
  return verified.json();
}
