import { css } from '@emotion/react';
import { useState } from 'react';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import { formatIndianPhone } from '@kalike/shared/format/phone';
import { Button } from '@kalike/shared/ui/button';
import { Card } from '@kalike/shared/ui/card';
import { TextField } from '@kalike/shared/ui/form/registered-fields';
import { useCheckedForm } from '@kalike/shared/ui/form/use-checked-form';
import { plainList, stack } from '@kalike/shared/ui/layout-styles';
import { SkeletonList } from '@kalike/shared/ui/skeleton';
import { StatusMessage } from '@kalike/shared/ui/status-message';
import { mutedText, subsectionHeading } from '@kalike/shared/ui/text-styles';
import { space } from '@kalike/shared/ui/theme';

import { useAdminPacks } from '../api/admin-refunds';
import { packHoldings } from './pack-holdings';
import { PackRefundForm } from './pack-refund-form';

const searchStyles = css({ display: 'grid', gap: space(2), marginBottom: space(3) });

function Packs({ query, onDone }: { query: string; onDone: (message: string) => void }) {
  const packs = useAdminPacks(query);
  if (!query) return null;
  if (packs.isPending) return <SkeletonList rows={1} rowHeight="10rem" label="Finding the family's packs" />;
  if (packs.isError)
    return (
      <StatusMessage tone="error" title="The packs could not be found">
        {readableErrorMessage(packs.error)}
      </StatusMessage>
    );
  if (packs.data.length === 0) return <StatusMessage title="No packs found">No paid pack belongs to that phone number or receipt.</StatusMessage>;
  return (
    <ul css={plainList} aria-label="The family's packs">
      {packs.data.map((pack) => (
        <li key={pack.id}>
          <Card as="article" aria-label={`${pack.planName} of ${pack.studentName}`} css={stack[3]}>
            <h3 css={subsectionHeading}>
              {pack.studentName} with {pack.teacherName}
            </h3>
            <p css={mutedText}>
              {pack.familyName} · {formatIndianPhone(pack.familyPhone)}
              {pack.receiptNumber ? ` · receipt ${pack.receiptNumber}` : ''}
            </p>
            <p css={mutedText}>{packHoldings(pack)}</p>
            <PackRefundForm pack={pack} onDone={onDone} />
          </Card>
        </li>
      ))}
    </ul>
  );
}

/** Finds a family's packs by their phone or a receipt number, to refund a class, a pack or an amount. */
export function PackSearch({ onDone }: { onDone: (message: string) => void }) {
  const [query, setQuery] = useState('');
  const { form, register, errors } = useCheckedForm<{ q: string }>({ defaultValues: { q: '' } });
  const onSubmit = form.handleSubmit((values) => setQuery(values.q.trim()));
  return (
    <>
      <form css={searchStyles} onSubmit={(event) => void onSubmit(event)} noValidate role="search">
        <TextField
          label="Family's phone or receipt number"
          hint="For example 98450 12345 or KLK/2026-27/000123"
          error={errors.q?.message}
          registration={register('q', { validate: (value) => (value.trim().length >= 3 ? true : 'Type a phone number or a receipt number') })}
        />
        <Button type="submit">Find packs</Button>
      </form>
      <Packs query={query} onDone={onDone} />
    </>
  );
}
