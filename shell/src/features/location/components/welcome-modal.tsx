import { useTheme } from '@emotion/react';
import { Button } from '@kalike/shared/ui/button';

import { ModalDialog } from './modal-dialog';

interface WelcomeModalProps {
  /** "Show in Bengaluru": the caller stores the Bengaluru default and closes. */
  onShowInBengaluru: () => void;
  onClose: () => void;
}

/** Spec §1: the first-visit welcome, worded exactly as the spec says. */
export function WelcomeModal({ onShowInBengaluru, onClose }: WelcomeModalProps) {
  const theme = useTheme();
  return (
    <ModalDialog
      title="Discover and connect with top teachers near you."
      description={<p css={{ margin: 0 }}>Currently live only in Bengaluru.</p>}
      onClose={onClose}
    >
      <Button type="button" onClick={onShowInBengaluru} css={{ width: '100%', marginTop: theme.space(1) }}>
        Show in Bengaluru
      </Button>
    </ModalDialog>
  );
}
