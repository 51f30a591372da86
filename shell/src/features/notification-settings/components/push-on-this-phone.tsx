import { useEffect, useState } from 'react';
import { css } from '@emotion/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from '@kalike/shared/ui/button';
import { Card } from '@kalike/shared/ui/card';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import { notificationKeys } from '@kalike/shared/query/query-keys';
import { errorText, mutedText } from '@kalike/shared/ui/text-styles';
import { space } from '@kalike/shared/ui/theme';

import {
  browserPush,
  PushNotAllowedError,
  pushStateOf,
  PushUnavailableError,
  turnOffPush,
  turnOnPush,
  type PushBrowser,
  type PushState,
} from '../api/push-on-this-phone';

const stackStyles = css({ display: 'grid', gap: space(3) });
const headingStyles = css({ margin: 0 });

const stateWords = {
  on: 'Notifications are on for this phone.',
  off: 'Get notifications on this phone even when Kalike is closed.',
  blocked: 'Notifications are blocked for Kalike in this browser. Allow them in the site settings of your browser, then come back.',
  unsupported: 'This browser cannot show notifications from Kalike. On an iPhone, add Kalike to your home screen first, then open it from there.',
} as const;

/** The browser's refusals are ours to word; the API's carry their own message. */
const failureMessage = (error: unknown) =>
  error instanceof PushNotAllowedError || error instanceof PushUnavailableError ? error.message : readableErrorMessage(error);

/** "Turn on notifications on this phone", and off: web push through the service worker. */
export function PushOnThisPhone({ browser: given }: { browser?: PushBrowser | null }) {
  // Looked up once: the browser's abilities do not change while the page is open.
  const [browser] = useState(() => (given === undefined ? browserPush() : given));
  // Not server state: what this browser allows and holds, read on arrival and after each change.
  const [current, setCurrent] = useState<PushState | null>(null);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let live = true;
    void pushStateOf(browser).then((state) => live && setCurrent(state));
    return () => {
      live = false;
    };
  }, [browser, version]);
  const queryClient = useQueryClient();
  const toggle = useMutation({
    mutationKey: [...notificationKeys.all, 'push-toggle'],
    mutationFn: (on: boolean) => (on ? turnOnPush(browser!) : turnOffPush(browser!)),
    onSettled: () => {
      setVersion((value) => value + 1);
      // Whether push can reach the person is part of their settings.
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    },
  });
  return (
    <Card>
      <section aria-labelledby="push-heading" css={stackStyles}>
        <h2 id="push-heading" css={headingStyles}>
          On this phone
        </h2>
        {current && <p css={mutedText}>{stateWords[current]}</p>}
        {current === 'off' && (
          <div>
            <Button type="button" disabled={toggle.isPending} onClick={() => toggle.mutate(true)}>
              {toggle.isPending ? 'Turning on…' : 'Turn on notifications on this phone'}
            </Button>
          </div>
        )}
        {current === 'on' && (
          <div>
            <Button type="button" variant="secondary" disabled={toggle.isPending} onClick={() => toggle.mutate(false)}>
              Turn off notifications on this phone
            </Button>
          </div>
        )}
        {toggle.isError && (
          <p role="alert" css={errorText}>
            {failureMessage(toggle.error)}
          </p>
        )}
      </section>
    </Card>
  );
}
