import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp } from '@kalike/shared/testing/render-with-app';
import { installFakeApi, json } from '@kalike/shared/testing/fake-api';

import type { PushBrowser } from '../api/push-on-this-phone';
import { PushOnThisPhone } from './push-on-this-phone';

const publicKey = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';

function phone(answer: NotificationPermission): PushBrowser {
  let permission: NotificationPermission = 'default';
  let subscription: { endpoint: string; toJSON: () => unknown; unsubscribe: () => Promise<boolean> } | null = null;
  const pushManager = {
    getSubscription: async () => subscription,
    subscribe: async () => {
      subscription = {
        endpoint: 'https://push.example/send/abc',
        toJSON: () => ({ endpoint: 'https://push.example/send/abc', keys: { p256dh: 'p256dh-key', auth: 'auth-secret' } }),
        unsubscribe: async () => {
          subscription = null;
          return true;
        },
      };
      return subscription;
    },
  } as unknown as PushManager;
  return {
    permission: () => permission,
    requestPermission: async () => (permission = answer),
    registration: async () => ({ pushManager }),
  };
}

describe('PushOnThisPhone', () => {
  it('turns notifications on for this phone and off again', async () => {
    const user = userEvent.setup();
    installFakeApi({
      'GET /v1/push/public-key': () => json({ publicKey }),
      'POST /v1/push/subscriptions': () => new Response(null, { status: 204 }),
      'DELETE /v1/push/subscriptions': () => new Response(null, { status: 204 }),
    });
    renderWithApp(<PushOnThisPhone browser={phone('granted')} />);
    await user.click(await screen.findByRole('button', { name: 'Turn on notifications on this phone' }));
    expect(await screen.findByText('Notifications are on for this phone.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Turn off notifications on this phone' }));
    expect(await screen.findByRole('button', { name: 'Turn on notifications on this phone' })).toBeInTheDocument();
  });

  it('says how to allow them when the person or the browser says no', async () => {
    const user = userEvent.setup();
    installFakeApi({});
    renderWithApp(<PushOnThisPhone browser={phone('denied')} />);
    await user.click(await screen.findByRole('button', { name: 'Turn on notifications on this phone' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Notifications are blocked for Kalike in this browser');
    expect(await screen.findByText(/Allow them in the site settings of your browser/)).toBeInTheDocument();
  });
});
