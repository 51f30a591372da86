import { apiSend } from '@kalike/shared/api/client';
import type { CurrentUser } from '@kalike/shared/user/user-store';
import type { OtpRequestResponse, OtpVerifyBody, OtpVerifyResponse } from '@kalike/shared/contracts/auth';

export type OtpRequested = OtpRequestResponse;
export type SignedIn = OtpVerifyResponse;

export function requestOtp(phone: string): Promise<OtpRequested> {
  return apiSend<OtpRequested>('post', 'v1/auth/otp/request', { phone });
}

export function verifyOtp(input: OtpVerifyBody): Promise<SignedIn> {
  return apiSend<SignedIn>('post', 'v1/auth/otp/verify', input);
}

/** Spec §3's current user from a sign-in: the pair is kept as this user type's tokens too. */
export function currentUserFrom({ user, tokens }: SignedIn): CurrentUser {
  const pair = { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken };
  return {
    userType: user.userType,
    learnerAccount: user.learnerAccount,
    teacher: user.teacher,
    isAdmin: user.isAdmin,
    tokens: pair,
    learnerTokens: user.userType === 'Learner' ? pair : null,
    teacherTokens: user.userType === 'Teacher' ? pair : null,
  };
}
