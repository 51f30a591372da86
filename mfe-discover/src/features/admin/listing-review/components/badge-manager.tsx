import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { css } from '@emotion/react';
import { Link } from 'react-router-dom';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import type { AdminTeacher } from '@kalike/shared/contracts/admin-teachers';
import { formatIndianPhone } from '@kalike/shared/format/phone';
import { teacherSearchLength } from '@kalike/shared/domain/admin-values';
import { badgeCopy } from '@kalike/shared/domain/badges';
import { badgeKinds, type BadgeKind } from '@kalike/shared/domain/listing-values';
import { Button } from '@kalike/shared/ui/button';
import { FieldError } from '@kalike/shared/ui/form/field-error';
import { TextField } from '@kalike/shared/ui/form/registered-fields';
import { useCheckedForm } from '@kalike/shared/ui/form/use-checked-form';
import { SkeletonList } from '@kalike/shared/ui/skeleton';
import { StatusMessage } from '@kalike/shared/ui/status-message';
import { colors, font, radius, space } from '@kalike/shared/ui/theme';

import { useChangeBadge, useFindTeachers } from '../api/admin-reviews';
import { badgeReasonProblem, badgeReasonRule } from '../utils/admin-reasons';

const searchStyles = css({ display: 'grid', gap: space(2), marginBottom: space(3) });
const rowStyles = css({ display: 'flex', gap: space(2), alignItems: 'flex-end', flexWrap: 'wrap', '& > :first-of-type': { flex: '1 1 12rem' } });
const inputCss = css({ boxSizing: 'border-box' });
const listStyles = css({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: space(3) });
const teacherStyles = css({ padding: space(4), borderRadius: radius.medium, background: colors.surface, border: `1px solid ${colors.border}`, minWidth: 0 });
const nameStyles = css({ margin: 0, fontSize: font.size.large, overflowWrap: 'anywhere' });
const metaStyles = css({ margin: `${space(1)} 0 ${space(2)}`, fontSize: font.size.small, color: colors.textMuted, overflowWrap: 'anywhere' });
const badgeListStyles = css({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: space(3) });
const badgeStyles = css({ display: 'grid', gap: space(2), paddingTop: space(3), borderTop: `1px solid ${colors.border}` });
const badgeStateStyles = css({ margin: 0, overflowWrap: 'anywhere' });

function BadgeRow({ teacher, badge, onChanged }: { teacher: AdminTeacher; badge: BadgeKind; onChanged: (message: string) => void }) {
  const errorId = useId();
  const held = teacher.badges.find((entry) => entry.kind === badge);
  // Typing clears the reason's problem; it is checked again when granted.
  const { form, register } = useCheckedForm<{ reason: string }>({ defaultValues: { reason: '' } });
  const change = useChangeBadge(teacher.id);
  const label = badgeCopy[badge].label;
  const error = form.formState.errors.reason?.message ?? (change.isError ? readableErrorMessage(change.error) : null);

  const onGrant = form.handleSubmit(({ reason }) => {
    if (change.isPending) return;
    change.mutate(
      { badge, grant: true, reason: reason.trim() },
      {
        onSuccess: () => {
          form.reset({ reason: '' });
          onChanged(`${label} granted to ${teacher.name}.`);
        },
      },
    );
  });

  if (held) {
    return (
      <li css={badgeStyles}>
        <p css={badgeStateStyles}>
          <strong>{label}</strong>: {held.reason}
        </p>
        <FieldError id={errorId} message={error} />
        <div>
          <Button
            type="button"
            variant="secondary"
            disabled={change.isPending}
            aria-label={`Remove ${label} from ${teacher.name}`}
            onClick={() => change.mutate({ badge, grant: false }, { onSuccess: () => onChanged(`${label} removed from ${teacher.name}.`) })}
          >
            {change.isPending ? 'Removing…' : 'Remove'}
          </Button>
        </div>
      </li>
    );
  }
  return (
    <li css={badgeStyles}>
      <form onSubmit={(event) => void onGrant(event)} noValidate aria-label={`Grant ${label} to ${teacher.name}`} css={searchStyles}>
        <TextField
          label={`Why ${label}?`}
          hint={`${badgeReasonRule}${badge === 'teacher_of_the_day' ? ' One teacher holds it at a time: granting it takes it from whoever has it.' : ''}`}
          error={error}
          css={inputCss}
          registration={register('reason', {
            validate: (reason) => badgeReasonProblem(reason) ?? true,
          })}
        />
        <div>
          <Button type="submit" disabled={change.isPending} aria-label={`Grant ${label} to ${teacher.name}`}>
            {change.isPending ? 'Granting…' : 'Grant'}
          </Button>
        </div>
      </form>
    </li>
  );
}

function TeacherBadges({ teacher, onChanged }: { teacher: AdminTeacher; onChanged: (message: string) => void }) {
  const headingId = useId();
  return (
    <li css={teacherStyles}>
      <article aria-labelledby={headingId}>
        <h3 id={headingId} css={nameStyles}>
          {teacher.name}
        </h3>
        <p css={metaStyles}>
          {formatIndianPhone(teacher.phone)} · {teacher.liveListings === 1 ? '1 live listing' : `${teacher.liveListings} live listings`}
          {teacher.pagePath ? (
            <>
              {' · '}
              <Link to={teacher.pagePath}>Their page</Link>
            </>
          ) : null}
        </p>
        <ul css={badgeListStyles} aria-label={`Badges of ${teacher.name}`}>
          {badgeKinds.map((badge) => (
            <BadgeRow key={badge} teacher={teacher} badge={badge} onChanged={onChanged} />
          ))}
        </ul>
      </article>
    </li>
  );
}

function SearchResults({ query, onChanged }: { query: string; onChanged: (message: string) => void }) {
  const found = useFindTeachers(query);
  if (!query) return null;
  if (found.isPending) return <SkeletonList rows={2} rowHeight="6rem" label="Finding teachers" />;
  if (found.isError) {
    return (
      <StatusMessage tone="error" title="Teachers could not be found" action={{ label: 'Try again', onClick: () => void found.refetch() }}>
        {readableErrorMessage(found.error)}
      </StatusMessage>
    );
  }
  if (found.data.teachers.length === 0) {
    return (
      <StatusMessage title="No teacher matches">
        <p>Try part of the name, or four or more digits of the phone number.</p>
      </StatusMessage>
    );
  }
  return (
    <ul css={listStyles} aria-label="Teachers found">
      {found.data.teachers.map((teacher) => (
        <TeacherBadges key={teacher.id} teacher={teacher} onChanged={onChanged} />
      ))}
    </ul>
  );
}

/** Find a teacher by name or phone, then grant or remove Verified, Super Teacher and Teacher of the Day. */
export function BadgeManager({ onChanged }: { onChanged: (message: string) => void }) {
  const errorId = useId();
  // The problem stays until the next search.
  const form = useForm<{ text: string }>({ defaultValues: { text: '' }, reValidateMode: 'onSubmit' });
  const [query, setQuery] = useState('');
  const problem = form.formState.errors.text?.message;

  const onSearch = form.handleSubmit(({ text }) => setQuery(text.trim().slice(0, teacherSearchLength.max)));

  return (
    <>
      <form css={searchStyles} onSubmit={(event) => void onSearch(event)} noValidate role="search" aria-label="Find a teacher">
        <div css={rowStyles}>
          <TextField
            label="Teacher's name or phone"
            type="search"
            maxLength={teacherSearchLength.max}
            invalid={Boolean(problem)}
            describedBy={problem ? errorId : undefined}
            css={inputCss}
            registration={form.register('text', {
              validate: (text) =>
                [...text.trim()].length >= teacherSearchLength.min || `Type at least ${teacherSearchLength.min} letters of a name or 4 digits of a number`,
            })}
          />
          <Button type="submit">Find</Button>
        </div>
        <FieldError id={errorId} message={problem} />
      </form>
      <SearchResults query={query} onChanged={onChanged} />
    </>
  );
}
