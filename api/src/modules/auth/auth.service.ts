import type { AuthRuntime } from '../../plugins/auth';
import type { SmsSender } from '../sms/sms.port';
import type { AuthRepository } from './auth.repository';
import { createSignedInSessions } from './auth-sessions.service';
import { createOtpSignIn } from './otp-sign-in.service';
import { createSignIns } from './sign-ins';

export interface AuthServiceDeps {
  repository: AuthRepository;
  runtime: AuthRuntime;
  /** The app's clock. */
  clock: () => Date;
  sms: SmsSender;
  log: { warn(details: object, message: string): void };
}

/** Sign-in and the signed-in session, put together from the two files beside this one. */
export function createAuthService(deps: AuthServiceDeps) {
  const signIns = createSignIns({ repository: deps.repository, runtime: deps.runtime, clock: deps.clock });
  return {
    ...createOtpSignIn({ ...deps, signIns }),
    ...createSignedInSessions({ ...deps, signIns }),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
