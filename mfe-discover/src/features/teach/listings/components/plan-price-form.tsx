import { useId, useState, type FormEvent } from 'react';
import type { AuthoredPlan } from '@kalike/shared/contracts/listing-authoring';
import { paiseToRupeesInput, rupeesToPaise } from '@kalike/shared/domain/listing-authoring-rules';
import { Button } from '@kalike/shared/ui/button';
import { formInlineRow, formInput } from '@kalike/shared/ui/form-css';

import { useChangeListing } from '../api/authored-listings';
import { ChangeFeedback } from './change-feedback';

/** A new price for a pack, in rupees; on a live listing it waits for review. */
export function PlanPriceForm({ listingId, plan }: { listingId: string; plan: AuthoredPlan }) {
  const inputId = useId();
  const [rupees, setRupees] = useState(paiseToRupeesInput(plan.heldPricePaise ?? plan.pricePaise));
  const [problem, setProblem] = useState<string | null>(null);
  const change = useChangeListing(listingId);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const pricePaise = rupeesToPaise(rupees);
    setProblem(pricePaise === null ? 'Give the price in rupees, e.g. 1500.' : null);
    if (pricePaise === null) return;
    change.mutate({ method: 'patch', path: `plans/${plan.id}`, body: { pricePaise } });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={`Change the price of ${plan.name}`}>
      <div css={formInlineRow}>
        <label htmlFor={inputId}>Price of {plan.name} (₹)</label>
        <input id={inputId} css={formInput} inputMode="decimal" value={rupees} onChange={(event) => setRupees(event.target.value)} />
        <Button type="submit" variant="secondary" disabled={change.isPending}>
          Change price
        </Button>
      </div>
      <ChangeFeedback problem={problem} error={change.error} result={change.data} />
    </form>
  );
}
