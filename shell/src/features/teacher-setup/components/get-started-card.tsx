import { css } from '@emotion/react';
import { Link } from 'react-router-dom';
import { Card } from '@kalike/shared/ui/card';
import { colors, space } from '@kalike/shared/ui/theme';

import { useTeacherSetup } from '../api/teacher-setup';
import { notPublicYet, teacherSetupSteps } from '../utils/teacher-setup-steps';

const headingStyles = css({ margin: `0 0 ${space(2)}`, fontSize: '1.1rem' });
const progressStyles = css({ margin: `0 0 ${space(2)}`, color: colors.textMuted });
const notPublicStyles = css({ margin: `0 0 ${space(3)}`, fontWeight: 600 });
const listStyles = css({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: space(1) });
const linkStyles = css({ display: 'flex', flexDirection: 'column', justifyContent: 'center', minHeight: '44px', textDecoration: 'none' });
const labelStyles = css({ fontWeight: 600, textDecoration: 'underline' });
const hintStyles = css({ color: colors.textMuted, fontSize: '0.9rem' });
const doneStyles = css({ color: colors.success, fontWeight: 600 });
const toDoStyles = css({ color: colors.textMuted, fontWeight: 600 });

/** The teacher's steps to being found, each marked done or to do, and whether families can see them yet. */
export function GetStartedCard() {
  const setup = useTeacherSetup();
  const steps = teacherSetupSteps(setup.data);
  const line = notPublicYet(setup.data);
  const done = steps.filter((step) => step.done).length;
  return (
    <section aria-labelledby="teach-get-started">
      <Card>
        <h2 id="teach-get-started" css={headingStyles}>
          Get started
        </h2>
        {setup.data ? (
          <p css={progressStyles}>
            {done} of {steps.length} done
          </p>
        ) : null}
        {line ? <p css={notPublicStyles}>{line}</p> : null}
        <ul css={listStyles}>
          {steps.map((step) => (
            <li key={step.to}>
              <Link to={step.to} css={linkStyles}>
                <span css={labelStyles}>{step.label}</span>
                {step.done === null ? null : step.done ? <span css={doneStyles}>Done</span> : <span css={toDoStyles}>To do</span>}
                <span css={hintStyles}>{step.hint}</span>
              </Link>
            </li>
          ))}
        </ul>
      </Card>
    </section>
  );
}
