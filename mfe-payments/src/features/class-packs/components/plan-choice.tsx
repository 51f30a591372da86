import { css } from '@emotion/react';
import type { PlanOption } from '@kalike/shared/contracts/payments';
import { formatPaise } from '@kalike/shared/format/money';

import { boldWeight } from '@kalike/shared/ui/text-styles';
import { space } from '@kalike/shared/ui/theme';
import { FieldGroup } from '@kalike/shared/ui/form/field';
import { formHint, formOptionRowRoomy } from '@kalike/shared/ui/form/form-css';

interface PlanChoiceProps {
  plans: readonly PlanOption[];
  selectedId: string | null;
  onSelect: (planId: string) => void;
  legend?: string;
  /** Said under the packs, and read with them, when the person must choose one first. */
  error?: string | null;
  /** Plans that cannot be chosen here (the pack in use, on a plan change). */
  disabledIds?: readonly string[];
}

function planDetails(plan: PlanOption): string {
  const parts = [`${plan.classesCount} classes`, `valid for ${plan.validityDays} days`, `${formatPaise(plan.pricePerClassPaise)} per class`];
  if (plan.savingsPaise > 0) parts.push(`you save ${formatPaise(plan.savingsPaise)}`);
  if (plan.referralDiscountPaise > 0) parts.push(`referral takes off ${formatPaise(plan.referralDiscountPaise)}`);
  return parts.join(' · ');
}

const planTextStyle = css({ display: 'grid', gap: space(1), flex: 1, minWidth: 0 });
const priceStyle = css({ fontWeight: 700, whiteSpace: 'nowrap' });

const unavailableStyle = css({ opacity: 0.6, cursor: 'not-allowed' });

/** The class packs as the server priced them, one radio each: classes, validity, price, per class, savings. */
export function PlanChoice({ plans, selectedId, onSelect, legend = 'Choose a class pack', error, disabledIds = [] }: PlanChoiceProps) {
  return (
    <FieldGroup legend={legend} legendSize="large" error={error}>
      {plans.map((plan) => {
        const disabled = disabledIds.includes(plan.id);
        return (
          <label key={plan.id} css={[formOptionRowRoomy, disabled && unavailableStyle]}>
            <input
              type="radio"
              name="plan"
              value={plan.id}
              checked={selectedId === plan.id}
              disabled={disabled}
              onChange={() => onSelect(plan.id)}
              aria-labelledby={`plan-${plan.id}-name plan-${plan.id}-price`}
              aria-describedby={`plan-${plan.id}-details`}
            />
            <span css={planTextStyle}>
              <span id={`plan-${plan.id}-name`} css={boldWeight}>
                {plan.name}
              </span>
              <span id={`plan-${plan.id}-details`} css={formHint}>
                {planDetails(plan)}
                {disabled ? ' · your current pack' : ''}
              </span>
            </span>
            <span id={`plan-${plan.id}-price`} css={priceStyle}>
              {formatPaise(plan.pricePaise)}
            </span>
          </label>
        );
      })}
    </FieldGroup>
  );
}
