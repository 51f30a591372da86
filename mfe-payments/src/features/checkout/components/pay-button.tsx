import { css } from '@emotion/react';
import { Button } from '@kalike/shared/ui/button';

interface PayButtonProps {
  /** "Pay ₹3,200", built from an amount the server computed. */
  label: string;
  pending: boolean;
  onPay: () => void;
  disabled?: boolean;
}

const payButtonStyle = css({ width: '100%', fontSize: '1.125rem' });

/** The one button that moves money: full width for a thumb, and inert while its order is on the way. */
export function PayButton({ label, pending, onPay, disabled = false }: PayButtonProps) {
  return (
    <Button type="button" onClick={onPay} disabled={pending || disabled} aria-busy={pending} css={payButtonStyle}>
      {pending ? 'Opening the payment…' : label}
    </Button>
  );
}
