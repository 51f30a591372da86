import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import type { PayoutsOverview } from '@kalike/shared/contracts/payouts';
import { formatInstantLong } from '@kalike/shared/format/dates';
import { formatPaiseExact } from '@kalike/shared/format/money';
import * as paths from '@kalike/shared/routing/paths';
import { Button } from '@kalike/shared/ui/button';
import { Card } from '@kalike/shared/ui/card';
import { DocumentTitle } from '@kalike/shared/ui/document-title';
import { stack } from '@kalike/shared/ui/layout-styles';
import { PageColumn, PageTitle } from '@kalike/shared/ui/page-column';
import { SkeletonList } from '@kalike/shared/ui/skeleton';
import { StatusMessage } from '@kalike/shared/ui/status-message';
import { amountText, brandLinkText, errorText, mutedColor, mutedIntro, mutedText, sectionHeading, strongText } from '@kalike/shared/ui/text-styles';
import { space } from '@kalike/shared/ui/theme';
import { useSignedInTeacher } from '@kalike/shared/user/signed-in-as';

import { usePayOutNow, useTeacherPayouts } from '../../features/teach/payouts/api/payouts-api';
import { PayoutAccountForm } from '../../features/teach/payouts/components/payout-account-form';
import { PayoutList } from '../../features/teach/payouts/components/payout-list';

const figuresStyle = css({ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(9rem, 1fr))', gap: space(3), margin: 0 });
const figureStyle = css({ margin: 0, fontWeight: 700, fontVariantNumeric: 'tabular-nums' });

function Section({ id, title, intro, children }: { id: string; title: string; intro?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} css={stack[3]}>
      <h2 id={id} css={sectionHeading}>
        {title}
      </h2>
      {intro && <p css={mutedIntro}>{intro}</p>}
      {children}
    </section>
  );
}

/**
 * The next payout's date, promised only when money can go: to a verified account that no hold
 * keeps it from. Otherwise what it waits for, beside the reason the card gives.
 */
function nextPayoutText({ account, hold, nextPayoutAt }: PayoutsOverview): string {
  if (!account) return 'None yet: add a bank account or UPI id below';
  if (hold || account.verification === 'review') return 'None while payouts are held';
  if (account.verification !== 'verified') return 'None until your account is verified';
  return formatInstantLong(nextPayoutAt);
}

function Payable({ overview }: { overview: PayoutsOverview }) {
  const payOut = usePayOutNow();
  return (
    <Card as="section" aria-labelledby="payable-now" css={stack[3]}>
      <h2 id="payable-now" css={sectionHeading}>
        Payable now
      </h2>
      <p css={amountText}>{formatPaiseExact(overview.payablePaise)}</p>
      <dl css={figuresStyle}>
        <div>
          <dt css={mutedColor}>Next payout</dt>
          <dd css={figureStyle}>{nextPayoutText(overview)}</dd>
        </div>
        <div>
          <dt css={mutedColor}>Waiting out the {overview.holdDays}-day hold</dt>
          <dd css={figureStyle}>{formatPaiseExact(overview.heldPaise)}</dd>
        </div>
        <div>
          <dt css={mutedColor}>Paid out so far</dt>
          <dd css={figureStyle}>{formatPaiseExact(overview.paidOutPaise)}</dd>
        </div>
        {overview.refundedPaise > 0 && (
          <div>
            <dt css={mutedColor}>Recovered for refunds to families</dt>
            <dd css={figureStyle}>{formatPaiseExact(overview.refundedPaise)}</dd>
          </div>
        )}
        {overview.toRecoverPaise > 0 && (
          <div>
            <dt css={mutedColor}>Still to recover for a refund, from your next payouts</dt>
            <dd css={figureStyle}>{formatPaiseExact(overview.toRecoverPaise)}</dd>
          </div>
        )}
      </dl>
      <p css={mutedText}>
        What families paid, less GST and Kalike&apos;s fee (what the earnings statement says you receive), less refunds, once a payment is {overview.holdDays}{' '}
        days old. Payouts start at {formatPaiseExact(overview.minimumPaise)}.
      </p>
      <div>
        <Button type="button" disabled={!overview.payOutNow.allowed || payOut.isPending} onClick={() => payOut.mutate()}>
          {payOut.isPending ? 'Sending…' : 'Pay out now'}
        </Button>
      </div>
      {overview.hold && (
        <p role="status" css={strongText}>
          {overview.hold.reason}
        </p>
      )}
      {!overview.payOutNow.allowed && overview.payOutNow.reason && overview.payOutNow.reason !== overview.hold?.reason && (
        <p css={mutedText}>{overview.payOutNow.reason}</p>
      )}
      {payOut.isError && (
        <p role="alert" css={errorText}>
          {readableErrorMessage(payOut.error)}
        </p>
      )}
      {payOut.isSuccess && <p role="status">Payout of {formatPaiseExact(payOut.data.amountPaise)} started. Follow it under Payouts below.</p>}
    </Card>
  );
}

function PayoutsBody() {
  const overview = useTeacherPayouts();
  if (overview.isPending) return <SkeletonList rows={3} rowHeight="6rem" label="Loading your payouts" />;
  if (overview.isError) {
    return (
      <StatusMessage tone="error" title="Your payouts could not be loaded" action={{ label: 'Try again', onClick: () => void overview.refetch() }}>
        {readableErrorMessage(overview.error)}
      </StatusMessage>
    );
  }
  return (
    <div css={stack[6]}>
      <Payable overview={overview.data} />
      <Section id="payout-account" title="Payout account" intro="A UPI id or a bank account in your name. The bank verifies it before any money goes to it.">
        <PayoutAccountForm account={overview.data.account} />
      </Section>
      <Section id="payout-history" title="Payouts">
        <PayoutList payouts={overview.data.payouts} />
      </Section>
      <Link to={paths.teachPayments()} css={brandLinkText}>
        Earnings statement and payment requests
      </Link>
    </div>
  );
}

/** `/teach/payouts`: what is payable, when it goes out, where it goes, and every payout with its status. */
export default function TeachPayoutsPage() {
  const teacher = useSignedInTeacher();
  return (
    <PageColumn>
      <DocumentTitle>Payouts</DocumentTitle>
      <PageTitle>Payouts</PageTitle>
      {teacher ? (
        <PayoutsBody />
      ) : (
        <StatusMessage title="This page is for teachers">Sign in with the phone number your teacher profile uses to see your payouts.</StatusMessage>
      )}
    </PageColumn>
  );
}
