import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { AuthoredPlan } from '@kalike/shared/contracts/listing-authoring';
import { paiseToRupeesInput, rupeesToPaise } from '@kalike/shared/domain/listing-authoring-rules';
import { Button } from '@kalike/shared/ui/button';
import { formInlineRow, formInput } from '@kalike/shared/ui/form/form-css';
import { TakeHomeLine } from '@kalike/shared/teacher-take-home/take-home-line';

import { useChangeListing } from '../api/authored-listings';
import { typedPackPricePaise } from '../utils/listing-forms';
import { listingCheck, listingCheckProblem } from '../utils/listing-check';
import { ChangeFeedback } from './change-feedback';

/** A new price for a pack, in rupees; on a live listing it waits for review. */
export function PlanPriceForm({ listingId, plan }: { listingId: string; plan: AuthoredPlan }) {
  const inputId = useId();
  const form = useForm<{ rupees: string }>({ defaultValues: { rupees: paiseToRupeesInput(plan.heldPricePaise ?? plan.pricePaise) } });
  const change = useChangeListing(listingId);
  const typedPrice = useWatch({ control: form.control, name: 'rupees' });

  const onSubmit = form.handleSubmit(({ rupees }) => {
    const pricePaise = rupeesToPaise(rupees);
    if (pricePaise === null) return form.setError(listingCheck, { message: 'Give the price in rupees, e.g. 1500.' });
    change.mutate({ method: 'patch', path: `plans/${plan.id}`, body: { pricePaise } });
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={`Change the price of ${plan.name}`}>
      <div css={formInlineRow}>
        {/* Label, input and button on one line: the kit's Field stacks them. */}
        <label htmlFor={inputId}>Price of {plan.name} (₹)</label>
        <input id={inputId} css={formInput} inputMode="decimal" {...form.register('rupees')} />
        <Button type="submit" variant="secondary" disabled={change.isPending}>
          Change price
        </Button>
      </div>
      <TakeHomeLine pricePaise={typedPackPricePaise(typedPrice)} />
      <ChangeFeedback problem={listingCheckProblem(form.formState.errors)} error={change.error} result={change.data} />
    </form>
  );
}
