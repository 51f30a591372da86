import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { switchRole } from '@kalike/shared/auth/switch-role';
import type { UserType } from '@kalike/shared/user/user-store';

import { landingOf } from './offered-role';

/**
 * One tap: acts in the other role (from the stored sign-in when there is one) and opens its
 * home. A refusal is shown as a toast with the API's sentence: the switch has no screen of its own to say it on, so it asks for one.
 */
export function useSwitchRole(onSwitched?: () => void) {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (role: UserType) => switchRole(role),
    onSuccess: (_result, role) => {
      onSwitched?.();
      navigate(landingOf(role));
    },
    meta: { toastOnError: true },
  });
}
