import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp } from '@kalike/shared/testing/render-with-app';
import { installFakeApi, json } from '@kalike/shared/testing/fake-api';
import { signInLearner, signInTeacher, signOut } from '@kalike/shared/testing/signed-in';
import { platformStore } from '@kalike/shared/platform/platform';
import { kindsOfAudience, notificationKinds } from '@kalike/shared/domain/notification-kinds';
// The consent words the API records, which the page must show word for word.
import { whatsappConsentText } from '@kalike/shared/contracts/notifications';

import { LearnerNotificationSettingsPage, TeachNotificationSettingsPage } from './notification-settings-page';

const consentWords = whatsappConsentText;

type Channel = 'sms' | 'whatsapp' | 'push';
const state = (enabled: boolean, available = true, changeable = true) => ({ enabled, available, changeable });

function preferencesOf(audience: 'learner' | 'teacher', consentedAt: string | null) {
  const optedIn = consentedAt !== null;
  return {
    audience,
    whatsappOptedIn: optedIn,
    pushSubscribed: false,
    kinds: kindsOfAudience(audience).map((kind) => ({
      kind,
      group: notificationKinds[kind].group,
      label: notificationKinds[kind].label,
      channels: { in_app: state(true, true, false), sms: state(!optedIn), whatsapp: state(optedIn, optedIn), push: state(true, false) },
    })),
    consents: optedIn ? [{ channel: 'whatsapp', given: true, how: 'settings_page', shownText: consentWords, at: consentedAt }] : [],
  };
}

function fakePreferences(audience: 'learner' | 'teacher', { consentedAt = null as string | null, refuse = false } = {}) {
  let current = preferencesOf(audience, consentedAt);
  const changes: unknown[] = [];
  const consents: unknown[] = [];
  installFakeApi({
    'GET /v1/account/notification-preferences': (_request, url) => {
      expect(url.searchParams.get('audience')).toBe(audience);
      return json(current);
    },
    'PUT /v1/account/notification-preferences': async (request) => {
      const body = (await request.json()) as { kinds: Array<{ kind: string; channels: Partial<Record<Channel, { enabled: boolean }>> }> };
      changes.push(body);
      if (refuse) return json({ statusCode: 400, code: 'VALIDATION_FAILED', message: 'That choice cannot be saved.' }, 400);
      current = {
        ...current,
        kinds: current.kinds.map((entry) => {
          const change = body.kinds.find((one) => one.kind === entry.kind);
          if (!change) return entry;
          const channels = { ...entry.channels };
          for (const [channel, choice] of Object.entries(change.channels) as Array<[Channel, { enabled: boolean }]>)
            channels[channel] = { ...channels[channel], enabled: choice.enabled };
          return { ...entry, channels };
        }),
      };
      return json(current);
    },
    'POST /v1/account/whatsapp-consent': async (request) => {
      const body = (await request.json()) as { given: boolean; how: string };
      consents.push(body);
      const fresh = preferencesOf(audience, body.given ? '2026-11-20T05:30:00.000Z' : null);
      current = { ...fresh, consents: [...fresh.consents, ...current.consents] };
      return new Response(null, { status: 204 });
    },
  });
  return { changes, consents };
}

describe('notification settings', () => {
  const details = platformStore.getState().details;
  afterEach(() =>
    act(() => {
      signOut();
      platformStore.setState({ details });
    }),
  );

  it("lists the family's kinds by group with a switch per channel, in-app always on and fixed", async () => {
    fakePreferences('learner');
    signInLearner();
    renderWithApp(<LearnerNotificationSettingsPage />, { path: '/account/notifications' });
    const reminders = await screen.findByRole('group', { name: 'Class reminders' });
    const tomorrow = within(reminders).getByRole('group', { name: 'Class tomorrow (the evening before)' });
    expect(within(tomorrow).getByRole('switch', { name: 'In app: Class tomorrow (the evening before)' })).toBeChecked();
    expect(within(tomorrow).getByRole('switch', { name: 'In app: Class tomorrow (the evening before)' })).toBeDisabled();
    expect(within(tomorrow).getByRole('switch', { name: 'SMS: Class tomorrow (the evening before)' })).toBeChecked();
    // WhatsApp waits for the family's own yes.
    expect(within(tomorrow).getByRole('switch', { name: 'WhatsApp: Class tomorrow (the evening before)' })).toBeDisabled();
    expect(screen.getByRole('group', { name: 'Class packs and payments' })).toBeInTheDocument();
    expect(screen.getByText('Push choices count once notifications are on for a phone of yours (above).')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Your teaching day' })).not.toBeInTheDocument();
  });

  it('saves a switch as it is flipped', async () => {
    const user = userEvent.setup();
    const { changes } = fakePreferences('learner');
    signInLearner();
    renderWithApp(<LearnerNotificationSettingsPage />, { path: '/account/notifications' });
    const sms = await screen.findByRole('switch', { name: 'SMS: A payment is due tomorrow' });
    await user.click(sms);
    expect(sms).not.toBeChecked();
    await waitFor(() => expect(changes).toEqual([{ kinds: [{ kind: 'payment_request.due_tomorrow', channels: { sms: { enabled: false } } }] }]));
    expect(screen.getByRole('switch', { name: 'SMS: A payment is due tomorrow' })).not.toBeChecked();
  });

  it('puts a switch back when the change is refused', async () => {
    const user = userEvent.setup();
    fakePreferences('learner', { refuse: true });
    signInLearner();
    renderWithApp(<LearnerNotificationSettingsPage />, { path: '/account/notifications' });
    await user.click(await screen.findByRole('switch', { name: 'Push: A new message' }));
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Push: A new message' })).toBeChecked());
  });

  it('takes WhatsApp consent with the words shown, says when it was given, and takes it back', async () => {
    const user = userEvent.setup();
    const { consents } = fakePreferences('learner');
    signInLearner();
    renderWithApp(<LearnerNotificationSettingsPage />, { path: '/account/notifications' });
    const whatsapp = await screen.findByRole('region', { name: 'WhatsApp' });
    expect(within(whatsapp).getByText(consentWords)).toBeInTheDocument();
    await user.click(within(whatsapp).getByRole('button', { name: 'I agree: send me WhatsApp messages' }));
    expect(await within(whatsapp).findByText('You agreed on Friday, 20 November at 11:00 am.')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'WhatsApp: Class tomorrow (the evening before)' })).toBeEnabled();
    await user.click(within(whatsapp).getByRole('button', { name: 'Stop WhatsApp messages' }));
    expect(await within(whatsapp).findByRole('button', { name: 'I agree: send me WhatsApp messages' })).toBeInTheDocument();
    expect(consents).toEqual([
      { given: true, how: 'settings_page' },
      { given: false, how: 'settings_page' },
    ]);
  });

  it("shows a teacher their workspace's kinds", async () => {
    fakePreferences('teacher', { consentedAt: '2026-11-01T04:00:00.000Z' });
    signInTeacher();
    renderWithApp(<TeachNotificationSettingsPage />, { path: '/teach/notifications/settings' });
    expect(await screen.findByRole('group', { name: 'Your teaching day' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'WhatsApp: A new enquiry' })).toBeEnabled();
    expect(screen.queryByRole('group', { name: 'Class reminders' })).not.toBeInTheDocument();
  });

  it('offers no push switch inside the native app, which brings its own notifications', async () => {
    act(() => platformStore.setState({ details: { ...details, isApp: true } }));
    fakePreferences('learner');
    signInLearner();
    renderWithApp(<LearnerNotificationSettingsPage />, { path: '/account/notifications' });
    await screen.findByRole('group', { name: 'Class reminders' });
    expect(screen.queryByRole('region', { name: 'On this phone' })).not.toBeInTheDocument();
  });

  it('says so where the browser has no web push', async () => {
    fakePreferences('learner');
    signInLearner();
    renderWithApp(<LearnerNotificationSettingsPage />, { path: '/account/notifications' });
    const phone = await screen.findByRole('region', { name: 'On this phone' });
    expect(await within(phone).findByText(/This browser cannot show notifications from Kalike/)).toBeInTheDocument();
  });
});
