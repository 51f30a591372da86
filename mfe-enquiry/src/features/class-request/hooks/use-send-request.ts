import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '@kalike/shared/api/api-error';
import { track } from '@kalike/shared/analytics/track';
import { rootKeys } from '@kalike/shared/query/query-keys';
import type { CreateEnquiriesBody, CreateEnquiriesResponse, EnquiryTarget } from '@kalike/shared/contracts/enquiries';

import { enquiryKeys } from '../../../api/enquiry-keys';
import { toIndianMobile } from '@kalike/shared/domain/load-indian-mobile';
import { createEnquiries } from '../api/create-enquiries';
import { describeRequestFailure, type RequestFailure } from '../utils/api-field-errors';
import { clearDraft, loadDraft, rotateIdempotencyKey, updateDraft } from '../utils/enquiry-draft';
import { draftFromValues, type RequestValues } from '../utils/request-rules';
import type { SubmitOutcome } from './use-request-form';

export interface NewChild {
  name: string;
  dateOfBirth?: string;
}

interface SendOptions {
  /** Saves a child added with the enquiry to the account; the enquiry then names them. */
  addChild: (child: NewChild) => Promise<{ id: string }>;
  /** After the API has the enquiries (and the draft is gone): where to go next. */
  onSent: (response: CreateEnquiriesResponse) => void;
}

/**
 * Sends with the draft's key. A key the API says was used for a different body means an
 * earlier attempt did arrive: a fresh key sends this one, and the API answers with the open
 * enquiries it already has for those teachers rather than making second ones.
 */
async function sendOnce(body: CreateEnquiriesBody): Promise<CreateEnquiriesResponse> {
  try {
    return await createEnquiries(body, loadDraft().idempotencyKey);
  } catch (error) {
    if (!isApiError(error) || error.code !== 'IDEMPOTENCY_KEY_REUSED') throw error;
    return createEnquiries(body, rotateIdempotencyKey());
  }
}

async function toBody(values: RequestValues, targets: EnquiryTarget[], studentId: string | null): Promise<CreateEnquiriesBody> {
  const { refPage, refSection } = loadDraft();
  const phone = values.alternatePhone.trim();
  return {
    targets,
    studentId,
    contactName: values.contactName.trim(),
    alternatePhone: phone === '' ? null : ((await toIndianMobile(phone)) ?? phone),
    preferredDays: [...new Set(values.preferredDays.map(Number))].sort((a, b) => a - b),
    preferredTimes: values.preferredTimes,
    mode: values.mode,
    message: values.message.trim(),
    refPage,
    refSection,
  };
}

/**
 * Sends the enquiry: first the child added with it (once: the draft then names the saved
 * child, so a retry does not add them twice), then one enquiry per target with the draft's
 * idempotency key. A failure without an answer keeps the key, so "Try again" repeats the
 * same submission; an answer that refused it means the next attempt is a new submission.
 */
export function useSendRequest({ addChild, onSent }: SendOptions) {
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<RequestFailure | null>(null);
  const [addingChild, setAddingChild] = useState(false);
  const create = useMutation({
    mutationKey: [...rootKeys.enquiries, 'create'],
    mutationFn: sendOnce,
  });

  const fail = (error: unknown, changed: Partial<RequestValues>): SubmitOutcome => {
    const described = describeRequestFailure(error);
    setFailure(described.form ? described : null);
    return { errors: described.fields, values: changed };
  };

  const send = async (values: RequestValues, targets: EnquiryTarget[]): Promise<SubmitOutcome> => {
    setFailure(null);
    const changed: Partial<RequestValues> = {};
    let studentId = values.student === 'self' ? null : values.student;
    if (values.student === 'new') {
      setAddingChild(true);
      try {
        const child = await addChild({ name: values.newStudentName.trim(), dateOfBirth: values.newStudentDateOfBirth || undefined });
        studentId = child.id;
        Object.assign(changed, { student: child.id, newStudentName: '', newStudentDateOfBirth: '' });
        updateDraft(draftFromValues(changed));
      } catch (error) {
        return fail(error, changed);
      } finally {
        setAddingChild(false);
      }
    }
    const body = await toBody(values, targets, studentId);
    let response: CreateEnquiriesResponse;
    try {
      response = await create.mutateAsync(body);
    } catch (error) {
      if (!describeRequestFailure(error).retryable) rotateIdempotencyKey();
      return fail(error, changed);
    }
    clearDraft();
    // The next page (enrichment, thank-you) shows the enquiry at once, without a round trip.
    for (const { enquiry } of response.enquiries) queryClient.setQueryData(enquiryKeys.detail(enquiry.id), enquiry);
    void queryClient.invalidateQueries({ queryKey: enquiryKeys.learner.lists() });
    track({
      name: 'enquiry_submitted',
      kind: 'funnel',
      eventType: 'submit',
      refPage: body.refPage || null,
      refSection: body.refSection || null,
      properties: {
        requestId: response.requestId,
        teachers: response.enquiries.length,
        created: response.enquiries.filter((entry) => entry.created).length,
        forSelf: studentId === null,
        mode: body.mode,
      },
    });
    onSent(response);
    // Nothing to change in a form that is going away: a change now would write the draft again.
    return {};
  };

  return { send, pending: create.isPending || addingChild, failure };
}
