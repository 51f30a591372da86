import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { istDateKey } from '@kalike/shared/format/dates';
import { PageLoading } from '@kalike/shared/ui/page-loading';
import { useSignedInLearner } from '@kalike/shared/user/use-signed-in-learner';
import { css } from '@emotion/react';
import type { EnrichEnquiryBody, Enquiry } from '@kalike/shared/contracts/enquiries';
import { enquiryLimits, studentLevels, type StudentLevel } from '@kalike/shared/domain/enquiry-lifecycle';
import * as paths from '@kalike/shared/routing/paths';
import { Button } from '@kalike/shared/ui/button';
import { DocumentTitle } from '@kalike/shared/ui/document-title';
import { FieldError } from '@kalike/shared/ui/form/field-error';
import { PageColumn, PageTitle } from '@kalike/shared/ui/page-column';

import { LinkButton } from '@kalike/shared/ui/link-button';
import { useEnrichEnquiry } from '../api/update-enquiry';
import { useEnquiries } from '../features/enquiries/api/get-enquiries';
import { knownDetails, type KnownDetails } from '../features/enquiries/utils/known-details';
import { useAccountStudents } from '@kalike/shared/learner-account/learner-account-api';
import { mutedIntro } from '@kalike/shared/ui/text-styles';
import { stack, wrapRow } from '@kalike/shared/ui/layout-styles';
import { FieldGroup } from '@kalike/shared/ui/form/field';
import { formHint, formOptionRow } from '@kalike/shared/ui/form/form-css';
import { TextAreaField, TextField } from '@kalike/shared/ui/form/registered-fields';
import { describeMoveFailure } from '../features/enquiries/utils/move-failure';
import { firstName } from '../features/enquiries/utils/enquiry-text';
import { levelLabels } from '../utils/enquiry-labels';
import { EnquiryGate } from '../features/enquiries/components/enquiry-gate';
import { learnersOnly } from '../components/learners-only';

interface EnrichValues {
  age: string;
  level: StudentLevel | '';
  goals: string;
}

const { min: minAge, max: maxAge } = enquiryLimits.studentAge;

/** Only what the learner filled in is sent; nothing filled in is the same as skipping. */
function toBody(values: EnrichValues): EnrichEnquiryBody | null {
  const body: EnrichEnquiryBody = {};
  if (values.age.trim() !== '') body.studentAgeYears = Number(values.age);
  if (values.level) body.level = values.level;
  if (values.goals.trim() !== '') body.goals = values.goals.trim();
  return Object.keys(body).length > 0 ? body : null;
}

/** Waits for what the account knows about the student, so the form starts filled in. */
function EnrichmentWithKnown({ enquiry }: { enquiry: Enquiry }) {
  const learner = useSignedInLearner();
  const students = useAccountStudents(learner?.accountId ?? null);
  const enquiries = useEnquiries({ enabled: learner !== null });
  if (students.isPending || enquiries.isPending) return <PageLoading label="Loading what we know about the student" rows={3} rowHeight="3rem" />;
  // Prefilling is a help, not a need: without the account's data the form starts from the enquiry's own.
  const known = knownDetails(enquiry, students.data ?? [], enquiries.data ?? [], istDateKey(new Date()));
  return <EnrichmentForm enquiry={enquiry} known={known} />;
}

const prefilledNoteStyle = css({ marginTop: 0 });

function EnrichmentForm({ enquiry, known }: { enquiry: Enquiry; known: KnownDetails }) {
  const id = useId();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const enrich = useEnrichEnquiry(enquiry.id);
  const form = useForm<EnrichValues>({
    defaultValues: {
      age: known.age === null ? '' : String(known.age),
      level: known.level ?? '',
      goals: known.goals ?? '',
    },
  });
  const { errors } = form.formState;
  // From the enquiry's own page the learner goes back there; straight after sending, on to what happens next.
  const fromEnquiry = search.get('from') === 'enquiry';
  const thankYou = fromEnquiry ? paths.enquiryDetail(enquiry.id) : paths.enquiryThankYou(enquiry.id);
  const who = enquiry.student ? enquiry.student.name : 'you';
  const submit = form.handleSubmit(async (values) => {
    if (enrich.isPending) return;
    const body = toBody(values);
    if (!body) return navigate(thankYou);
    try {
      await enrich.mutateAsync(body);
      navigate(thankYou);
    } catch {
      // Shown below the form.
    }
  });
  return (
    <>
      <DocumentTitle>About the student</DocumentTitle>
      <PageTitle>Tell {firstName(enquiry.teacher.name)} a little more</PageTitle>
      <p css={mutedIntro}>
        {fromEnquiry ? '' : 'Your enquiry is sent. '}These answers are optional; they help the teacher suggest the right batch for {who}.
      </p>
      {known.sources.length > 0 && <p css={prefilledNoteStyle}>Filled in from {known.sources.join(' and ')}. Change anything that is not right.</p>}
      <form noValidate onSubmit={(event) => void submit(event)} css={stack[6]}>
        <TextField
          label={
            <>
              Student's age in years <span css={formHint}>(optional)</span>
            </>
          }
          type="number"
          inputMode="numeric"
          min={minAge}
          max={maxAge}
          error={errors.age?.message}
          registration={form.register('age', {
            validate: (value) =>
              value.trim() === '' ||
              (/^\d{1,2}$/.test(value.trim()) && Number(value) >= minAge && Number(value) <= maxAge) ||
              `Enter an age from ${minAge} to ${maxAge}, or leave it empty.`,
          })}
        />
        <FieldGroup
          legend={
            <>
              Level <span css={formHint}>(optional)</span>
            </>
          }
        >
          {studentLevels.map((level) => (
            <label key={level} css={formOptionRow}>
              <input type="radio" value={level} {...form.register('level')} />
              <span>
                {levelLabels[level].label} <span css={formHint}>({levelLabels[level].hint})</span>
              </span>
            </label>
          ))}
        </FieldGroup>
        <TextAreaField
          label={
            <>
              Goals <span css={formHint}>(optional)</span>
            </>
          }
          rows={3}
          maxLength={enquiryLimits.goalsMaxLength}
          placeholder="For example: wants to play in school tournaments."
          registration={form.register('goals')}
        />
        <FieldError id={`${id}-failure`} message={enrich.error ? describeMoveFailure(enrich.error).message : undefined} />
        <div css={wrapRow}>
          <Button type="submit" disabled={enrich.isPending}>
            {enrich.isPending ? 'Saving…' : 'Save and continue'}
          </Button>
          <LinkButton to={thankYou} variant="secondary">
            Skip
          </LinkButton>
        </div>
      </form>
    </>
  );
}

/** `/enquire/:enquiryId/enrichment`: after sending, the student's age, level and goals (optional). */
function EnrichmentPage() {
  const { enquiryId = '' } = useParams();
  return (
    <PageColumn>
      <EnquiryGate
        enquiryId={enquiryId}
        signInTitle="Sign in to add details to your enquiry"
        signInReason="Enquiries belong to your Kalike account: sign in with the phone number you enquired with."
        loadingLabel="Loading the enquiry"
      >
        {(enquiry) => <EnrichmentWithKnown enquiry={enquiry} />}
      </EnquiryGate>
    </PageColumn>
  );
}

export default learnersOnly(EnrichmentPage);
