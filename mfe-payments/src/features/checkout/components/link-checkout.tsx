import { useEffect, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { CheckoutOrder } from '@kalike/shared/contracts/payments';
import { formatPaise } from '@kalike/shared/format/money';
import * as paths from '@kalike/shared/routing/paths';

import { SignInPrompt } from '@kalike/shared/ui/sign-in-prompt';
import { CheckoutProblem } from './checkout-problem';
import { PayButton } from './pay-button';
import { useCheckout } from '../hooks/use-checkout';
import { useSignedInLearner } from '@kalike/shared/user/use-signed-in-learner';
import { useSignedInTeacher } from '@kalike/shared/user/signed-in-as';
import { TeacherPayerNote } from '../../../components/teacher-payer-note';
import { stack } from '@kalike/shared/ui/layout-styles';
import { smallMutedText } from '@kalike/shared/ui/text-styles';
import { readRefParams } from '../../../utils/ref-params';

interface LinkCheckoutProps {
  slot: string;
  amountPaise: number;
  createOrder: (idempotencyKey: string) => Promise<CheckoutOrder>;
  /** This page's path: the success page's "Try again" comes back here. */
  from: string;
  /** The link or request turned out closed, expired or paid: read it again. */
  onStale: () => void;
}

/**
 * "Pay ₹X" for a payment link or a payment request: anyone may read those, paying needs
 * the learner's account. The checkout comes back to /payment-success.
 */
export function LinkCheckout({ slot, amountPaise, createOrder, from, onStale }: LinkCheckoutProps) {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const refs = useMemo(() => readRefParams(new URLSearchParams(search.toString())), [search]);
  const learner = useSignedInLearner();
  const teacher = useSignedInTeacher();
  const checkout = useCheckout({
    slot,
    createOrder,
    returnPath: (orderId) => paths.paymentSuccess({ orderId, from }),
    onAlreadyPaid: (orderId) => (orderId ? navigate(paths.paymentSuccess({ orderId })) : onStale()),
    refs,
  });
  const stale = checkout.problem && ['closed', 'not-found', 'nothing-to-pay'].includes(checkout.problem.kind);
  useEffect(() => {
    if (stale) onStale();
  }, [stale, onStale]);

  if (teacher)
    return (
      <TeacherPayerNote teacherName={teacher.name}>
        The family this was sent to pays it from their Kalike account, and you see it paid under your requests.
      </TeacherPayerNote>
    );
  if (!learner) {
    return (
      <SignInPrompt title="Sign in to pay">
        Payments are made from your Kalike account, so the receipt is kept with your classes. Sign in with your phone number; you come straight back to this
        page to pay.
      </SignInPrompt>
    );
  }
  return (
    <div css={stack[3]}>
      {checkout.problem && <CheckoutProblem problem={checkout.problem} />}
      <PayButton
        label={`Pay ${formatPaise(amountPaise)}`}
        pending={checkout.pending}
        onPay={() => void checkout.pay({ fresh: checkout.problem?.kind === 'start-again' })}
      />
      <p css={smallMutedText}>You pay on a secure payment page and come back to your receipt. Tapping twice never pays twice.</p>
    </div>
  );
}
