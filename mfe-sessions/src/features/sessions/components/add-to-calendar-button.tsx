import { css } from '@emotion/react';
import { Button } from '@kalike/shared/ui/button';
import { VisuallyHidden } from '@kalike/shared/ui/visually-hidden';

import { formatInstantLong } from '@kalike/shared/format/dates';
import { font } from '@kalike/shared/ui/theme';
import { sessionCalendarFile } from '../utils/session-calendar';
import type { SessionEntry } from '../utils/session-days';

// Long enough for any browser to have started the download from the object URL.
const revokeAfterMs = 10_000;

function downloadFile(fileName: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/calendar;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), revokeAfterMs);
}

const calendarButtonStyle = css({ fontSize: font.size.small, minHeight: '44px' });

/** Downloads the session as an .ics file, built on tap so the list itself stays cheap. */
export function AddToCalendarButton({ entry }: { entry: SessionEntry }) {
  const add = () => {
    const { fileName, text } = sessionCalendarFile(entry, new Date());
    downloadFile(fileName, text);
  };
  return (
    <Button type="button" variant="secondary" onClick={add} css={calendarButtonStyle}>
      Add <VisuallyHidden>{`${entry.batch.programName}, ${formatInstantLong(entry.session.startTime)} `}</VisuallyHidden>
      to calendar
    </Button>
  );
}
