import type { UserType } from '@kalike/shared/user/user-store';
import { Button } from '@kalike/shared/ui/button';

import { switchLabels } from './offered-role';
import { useSwitchRole } from './use-switch-role';

/** "Switch to teaching" / "Switch to learning" as a button of the UI kit (the account page, the learner's /teach page). */
export function SwitchRoleButton({ to, variant = 'secondary' }: { to: UserType; variant?: 'primary' | 'secondary' }) {
  const switching = useSwitchRole();
  return (
    <Button type="button" variant={variant} disabled={switching.isPending} onClick={() => switching.mutate(to)}>
      {switching.isPending ? 'Switching…' : switchLabels[to]}
    </Button>
  );
}
