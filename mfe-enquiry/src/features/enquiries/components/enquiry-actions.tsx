import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { css } from '@emotion/react';
import type { Enquiry } from '@kalike/shared/contracts/enquiries';
import { enquiryLimits } from '@kalike/shared/domain/enquiry-lifecycle';
import * as paths from '@kalike/shared/routing/paths';
import { Button } from '@kalike/shared/ui/button';
import { Field } from '@kalike/shared/ui/form/field';
import { FieldError } from '@kalike/shared/ui/form/field-error';

import { enquiryKeys } from '../../../api/enquiry-keys';
import { LinkButton } from '@kalike/shared/ui/link-button';
import { errorText, sectionHeading, strongText } from '@kalike/shared/ui/text-styles';
import { stack, wrapRow } from '@kalike/shared/ui/layout-styles';
import { colors, space, radius } from '@kalike/shared/ui/theme';
import { formHint, formInput } from '@kalike/shared/ui/form/form-css';
import { useCloseEnquiry, useConnectEnquiry } from '../../../api/update-enquiry';
import { describeMoveFailure } from '../utils/move-failure';
import { firstName } from '../utils/enquiry-text';

const questionStyle = css({
  display: 'grid',
  gap: space(3),
  padding: space(4),
  border: `1px solid ${colors.border}`,
  borderRadius: radius.medium,
  background: colors.surface,
});

function CloseConfirm({ enquiry, onCancel }: { enquiry: Enquiry; onCancel: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const close = useCloseEnquiry(enquiry.id);
  // Not a <form>: the question sits inside the enquiry's page. The reason is optional, so nothing is checked.
  const [reason, setReason] = useState('');
  const failure = close.error ? describeMoveFailure(close.error) : null;
  const submit = () => {
    if (close.isPending) return;
    const tidied = reason.trim();
    close.mutate(tidied ? { reason: tidied } : {}, {
      onError: (error) => {
        if (describeMoveFailure(error).stale) void queryClient.invalidateQueries({ queryKey: enquiryKeys.detail(enquiry.id) });
      },
    });
  };
  return (
    <div role="group" aria-labelledby={`${id}-question`} css={questionStyle}>
      <p id={`${id}-question`} css={strongText}>
        Close this enquiry? {firstName(enquiry.teacher.name)} will be told you are no longer looking, and it cannot be opened again.
      </p>
      <Field
        label={
          <>
            Why are you closing it? <span css={formHint}>(optional)</span>
          </>
        }
      >
        {(control) => (
          <textarea
            css={formInput}
            {...control}
            rows={2}
            maxLength={enquiryLimits.reasonMaxLength}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        )}
      </Field>
      <FieldError id={`${id}-error`} message={failure?.message} />
      <div css={wrapRow}>
        <Button type="button" onClick={submit} disabled={close.isPending}>
          {close.isPending ? 'Closing…' : 'Yes, close it'}
        </Button>
        <Button type="button" variant="secondary" onClick={onCancel} disabled={close.isPending}>
          Keep it open
        </Button>
      </div>
    </div>
  );
}

const bookedStyle = css({ margin: 0, color: colors.success, fontWeight: 600 });

/**
 * The moves the learner may make now, exactly those the API lists in `allowedActions`:
 * book the offered demo, enrol in the offered batch, close the enquiry.
 */
export function EnquiryActions({ enquiry }: { enquiry: Enquiry }) {
  const queryClient = useQueryClient();
  const connect = useConnectEnquiry(enquiry.id);
  const [closing, setClosing] = useState(false);
  const allowed = new Set(enquiry.allowedActions);
  const failure = connect.error ? describeMoveFailure(connect.error) : null;

  const bookDemo = () => {
    if (connect.isPending) return;
    connect.mutate(
      { offer: 'demo' },
      {
        onError: (error) => {
          if (describeMoveFailure(error).stale) void queryClient.invalidateQueries({ queryKey: enquiryKeys.detail(enquiry.id) });
        },
      },
    );
  };

  // Enrolled: the class pack is paid for through the enrolment page, which hands over to payments;
  // once one is paid the classes live under My Classes.
  const canPay = enquiry.state === 'enrolled' && enquiry.batchStudentId !== null && !enquiry.classPackPaid;
  if (!allowed.has('accept_demo') && !allowed.has('enrol') && !allowed.has('close') && !canPay) return null;
  return (
    <section aria-labelledby="actions-heading" css={stack[3]}>
      <h2 id="actions-heading" css={sectionHeading}>
        What you can do
      </h2>
      {connect.isSuccess && enquiry.state === 'demo_booked' && (
        <p role="status" css={bookedStyle}>
          Your demo class is booked.
        </p>
      )}
      {failure && (
        <p role="alert" css={errorText}>
          {failure.message}
        </p>
      )}
      <div css={wrapRow}>
        {allowed.has('accept_demo') && (
          <Button type="button" onClick={bookDemo} disabled={connect.isPending}>
            {connect.isPending ? 'Booking…' : 'Book this demo'}
          </Button>
        )}
        {allowed.has('enrol') && <LinkButton to={paths.enroll(enquiry.id)}>Enrol</LinkButton>}
        {canPay && <LinkButton to={paths.enroll(enquiry.id)}>Choose a class pack</LinkButton>}
        {allowed.has('close') && !closing && (
          <Button type="button" variant="secondary" onClick={() => setClosing(true)}>
            Close enquiry
          </Button>
        )}
      </div>
      {allowed.has('close') && closing && <CloseConfirm enquiry={enquiry} onCancel={() => setClosing(false)} />}
    </section>
  );
}
