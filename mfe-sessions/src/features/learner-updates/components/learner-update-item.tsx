import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { ClassUpdateKind } from '@kalike/shared/contracts/class-updates';
import type { LearnerUpdate } from '@kalike/shared/contracts/learner-updates';
import { formatLongDay } from '@kalike/shared/format/dates';
import { formatPaise } from '@kalike/shared/format/money';
import * as paths from '@kalike/shared/routing/paths';
import { Card } from '@kalike/shared/ui/card';
import { LinkButton } from '@kalike/shared/ui/link-button';

import { formatInstantLong } from '@kalike/shared/format/dates';
import { brandLinkText, eyebrowText, noMargin, smallMutedText, subsectionHeading } from '@kalike/shared/ui/text-styles';
import { colors } from '@kalike/shared/ui/theme';
import { stack } from '@kalike/shared/ui/layout-styles';
import { joinNames } from '../../../utils/people';
import { SurveyForm } from './survey-form';

const classUpdateLabels: Record<ClassUpdateKind, string> = {
  new_batch: 'New batch',
  schedule_change: 'Schedule change',
  holiday: 'Holiday',
  event: 'Event',
  achievement: 'Achievement',
};

/** The one update the learner came for (from a notification's link). */
const emphasisedStyle = css({ borderColor: colors.brand, borderWidth: '2px', background: colors.brandSoft });

function Item({ id, label, title, emphasised = false, children }: { id: string; label: string; title: string; emphasised?: boolean; children: ReactNode }) {
  const headingId = `learner-update-${id}`;
  return (
    <Card as="article" aria-labelledby={headingId} css={[stack[2], emphasised && emphasisedStyle]}>
      <p css={eyebrowText}>{label}</p>
      <h3 id={headingId} css={subsectionHeading}>
        {title}
      </h3>
      {children}
    </Card>
  );
}

/** One entry of My Updates, drawn by its kind. */
export function LearnerUpdateItem({ update, onSurveyDone }: { update: LearnerUpdate; onSurveyDone: (update: LearnerUpdate) => void }) {
  switch (update.kind) {
    case 'survey_pending': {
      const { survey } = update;
      return (
        <Item id={update.id} label="Rate a class" title={`${survey.batch.programName} with ${survey.teacher.name}`}>
          <SurveyForm survey={survey} onDone={() => onSurveyDone(update)} />
        </Item>
      );
    }
    case 'payment_request': {
      const request = update.paymentRequest;
      return (
        <Item id={update.id} label="Payment request" title={`${formatPaise(request.amountPaise)} for ${request.description}`}>
          <p css={noMargin}>
            From {request.teacherName}, for {request.studentName}. Due by {formatLongDay(request.dueOn)}.
          </p>
          <div>
            <LinkButton to={paths.paymentRequest(request.id)}>View and pay</LinkButton>
          </div>
        </Item>
      );
    }
    case 'enquiry_response': {
      const { enquiry } = update;
      return (
        <Item id={update.id} label={enquiry.needsAction ? 'Your turn' : 'Enquiry'} title={enquiry.headline} emphasised={enquiry.needsAction}>
          <p css={noMargin}>{enquiry.summary}</p>
          <div>
            {enquiry.needsAction ? (
              <LinkButton to={paths.enquiryDetail(enquiry.id)}>Open the enquiry</LinkButton>
            ) : (
              <Link to={paths.enquiryDetail(enquiry.id)} css={brandLinkText}>
                Open the enquiry
              </Link>
            )}
          </div>
        </Item>
      );
    }
    case 'session_cancelled': {
      const { session } = update;
      return (
        <Item id={update.id} label="Class cancelled" title={`No class on ${formatInstantLong(session.startTime)}`}>
          {/* Batch names often spell out the schedule already, so the day leads and the batch follows. */}
          <p css={noMargin}>
            {session.teacherName} cancelled this class of {session.batchName}
            {session.studentNames.length > 0 ? ` for ${joinNames(session.studentNames)}` : ''}.
          </p>
          {session.reason && <p css={noMargin}>Reason: {session.reason}</p>}
        </Item>
      );
    }
    case 'pack_lapsing': {
      const lapse = update.packLapse;
      const left = `${lapse.classesLeft} ${lapse.classesLeft === 1 ? 'class' : 'classes'}`;
      return (
        <Item
          id={update.id}
          label="Classes about to lapse"
          title={`${left} left for ${lapse.studentName}, until ${formatLongDay(lapse.validUntil)}`}
          emphasised
        >
          <p css={noMargin}>
            {lapse.planName} with {lapse.teacherName}. Classes not taken by then lapse; book them with the teacher before that day.
          </p>
          <div>
            <Link to={paths.classes()} css={brandLinkText}>
              See My Classes
            </Link>
          </div>
        </Item>
      );
    }
    case 'class_update': {
      const { classUpdate } = update;
      return (
        <Item id={update.id} label={classUpdateLabels[classUpdate.kind] ?? 'Update'} title={classUpdate.title}>
          <p css={noMargin}>{classUpdate.body}</p>
          <p css={smallMutedText}>
            {classUpdate.teacherName}
            {classUpdate.batchName ? `, ${classUpdate.batchName}` : ''}
          </p>
        </Item>
      );
    }
    default:
      return null;
  }
}
