import { useEffect, useRef, useState } from 'react';
import { useForm, type Resolver, type UseFormReturn } from 'react-hook-form';
import type { EnquiryMode } from '@kalike/shared/domain/enquiry-lifecycle';
import type { TimeOfDay } from '@kalike/shared/domain/listing-values';
import { fieldErrorsFrom } from '@kalike/shared/ui/form/check-resolver';

import { loadDraft, updateDraft } from '../utils/enquiry-draft';
import { initialRequestValues, offeredModesFor } from '../utils/initial-request-values';
import {
  checkRequest,
  draftFromValues,
  valuesFromDraft,
  type RequestContext,
  type RequestErrors,
  type RequestValues,
  type RequestVariant,
} from '../utils/request-rules';

/** The request's rules as react-hook-form's resolver; the context carries what the rules depend on. */
const requestResolver: Resolver<RequestValues, RequestContext> = async (values, context) => {
  const errors = fieldErrorsFrom<RequestValues>(await checkRequest(values, context ?? { variant: 'many' }));
  return Object.keys(errors).length === 0 ? { values, errors: {} } : { values: {}, errors };
};

/** What the page did with valid values: field errors to show, or values it changed (a child now saved). */
export interface SubmitOutcome {
  errors?: RequestErrors;
  values?: Partial<RequestValues>;
}

export interface SlotSuggestion {
  /** "Sat & Sun, 10 am · Jayanagar" */
  label: string;
  days: readonly number[];
  time: TimeOfDay;
  /** The programs with a batch at this time: only they offer it. */
  programIds: readonly string[];
}

export interface RequestFormOptions {
  variant: RequestVariant;
  programIds: readonly string[];
  categorySlugs: readonly string[];
  /** The account's students once known. */
  studentIds: readonly string[] | undefined;
  accountName: string;
  defaultCategorySlug?: string;
  /** Where the teacher teaches; every place when absent. */
  modes?: readonly EnquiryMode[];
  pending: boolean;
  onValid: (values: RequestValues) => Promise<SubmitOutcome | void> | SubmitOutcome | void;
}

export interface RequestForm {
  form: UseFormReturn<RequestValues, RequestContext>;
  offeredModes: readonly EnquiryMode[];
  /** Checks the values, hands valid ones to the page, and shows what the page answered. */
  submit: () => Promise<void>;
}

/**
 * The request form's state in one place: it opens from the saved draft, saves every change
 * to it at once (a reload or the detour through sign-in loses nothing), and sends one
 * submission at a time.
 */
export function useRequestForm(options: RequestFormOptions): RequestForm {
  const { variant, studentIds, accountName, pending, onValid } = options;
  const offeredModes = offeredModesFor(options.modes);
  const [initial] = useState(() =>
    initialRequestValues(valuesFromDraft(loadDraft()), {
      programIds: options.programIds,
      categorySlugs: options.categorySlugs,
      offeredModes,
      defaultCategorySlug: options.defaultCategorySlug,
      accountName,
    }),
  );
  const form = useForm<RequestValues, RequestContext>({ defaultValues: initial, resolver: requestResolver, context: { variant, studentIds } });

  // A subject or mode set here rather than typed is saved too, for the teachers' step.
  useEffect(() => void updateDraft({ categorySlug: initial.categorySlug, mode: initial.mode }), [initial]);

  const { subscribe } = form;
  useEffect(() => subscribe({ formState: { values: true }, callback: ({ values }) => void updateDraft(draftFromValues(values)) }), [subscribe]);

  // The account's name arrives after the page (signed in elsewhere, or loaded late).
  useEffect(() => {
    if (accountName && form.getValues('contactName') === '') form.setValue('contactName', accountName);
  }, [accountName, form]);

  // One submission at a time, even when two taps land before the button is disabled.
  const busy = useRef(false);
  const submit = async () => {
    if (busy.current || pending) return;
    busy.current = true;
    try {
      await form.handleSubmit(async (values) => {
        const outcome = await onValid(values);
        for (const [name, value] of Object.entries(outcome?.values ?? {})) {
          form.setValue(name as keyof RequestValues, value as never);
        }
        const fieldErrors = Object.entries(outcome?.errors ?? {});
        fieldErrors.forEach(([name, message], index) => form.setError(name as keyof RequestValues, { type: 'server', message }, { shouldFocus: index === 0 }));
      })();
    } finally {
      busy.current = false;
    }
  };

  return { form, offeredModes, submit };
}
