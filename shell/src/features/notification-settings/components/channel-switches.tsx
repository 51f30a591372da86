import { css } from '@emotion/react';
import {
  deliveryChannels,
  preferenceGroupLabels,
  preferenceGroups,
  type DeliveryChannel,
  type NotificationAudience,
} from '@kalike/shared/domain/notification-kind-definition';
import type { NotificationPreferences } from '@kalike/shared/contracts/notifications';
import { colors, font, radius, space } from '@kalike/shared/ui/theme';

import { useChangePreference } from '../api/notification-preferences';

export const channelLabels: Readonly<Record<DeliveryChannel | 'in_app', string>> = { in_app: 'In app', sms: 'SMS', whatsapp: 'WhatsApp', push: 'Push' };

const groupStyles = css({ margin: `0 0 ${space(5)}`, padding: 0, border: 0, minWidth: 0 });
const legendStyles = css({ fontSize: font.size.large, fontWeight: 700, marginBottom: space(2), padding: 0 });
const kindStyles = css({ padding: `${space(3)} 0`, borderTop: `1px solid ${colors.border}` });
const kindLabelStyles = css({ margin: `0 0 ${space(2)}`, fontWeight: 600 });
const switchesStyles = css({ display: 'flex', flexWrap: 'wrap', gap: space(2) });
const switchStyles = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: space(2),
  minHeight: '44px',
  padding: `0 ${space(3)}`,
  border: `1px solid ${colors.border}`,
  borderRadius: radius.pill,
  fontSize: font.size.small,
  cursor: 'pointer',
  '&:has(input:disabled)': { cursor: 'default', color: colors.textMuted },
  '&:has(input:focus-visible)': { outline: `3px solid ${colors.accent}`, outlineOffset: '2px' },
});
const checkboxStyles = css({ width: '20px', height: '20px', margin: 0, accentColor: colors.brand });

/**
 * Every kind of the audience, grouped by the catalogue's preference group, with a switch per
 * channel: in-app is always on and fixed (the API says which channels can change); WhatsApp can
 * be chosen once the person has agreed to WhatsApp messages. Each switch is saved as it is flipped.
 */
export function ChannelSwitches({ audience, preferences }: { audience: NotificationAudience; preferences: NotificationPreferences }) {
  const change = useChangePreference(audience);
  return (
    <>
      {preferenceGroups.map((group) => {
        const kinds = preferences.kinds.filter((entry) => entry.group === group);
        if (kinds.length === 0) return null;
        return (
          <fieldset key={group} css={groupStyles}>
            <legend css={legendStyles}>{preferenceGroupLabels[group]}</legend>
            {kinds.map(({ kind, label, channels }) => {
              return (
                <div key={kind} css={kindStyles} role="group" aria-label={label}>
                  <p css={kindLabelStyles}>{label}</p>
                  <div css={switchesStyles}>
                    <label css={switchStyles}>
                      <input
                        type="checkbox"
                        role="switch"
                        checked={channels.in_app.enabled}
                        disabled
                        readOnly
                        css={checkboxStyles}
                        aria-label={`${channelLabels.in_app}: ${label}`}
                      />
                      {channelLabels.in_app}
                    </label>
                    {deliveryChannels.map((channel) => (
                      <label key={channel} css={switchStyles}>
                        <input
                          type="checkbox"
                          role="switch"
                          css={checkboxStyles}
                          aria-label={`${channelLabels[channel]}: ${label}`}
                          checked={channels[channel].enabled}
                          disabled={!channels[channel].changeable || (channel === 'whatsapp' && !preferences.whatsappOptedIn)}
                          onChange={(event) => change.mutate({ kind, channel, enabled: event.target.checked })}
                        />
                        {channelLabels[channel]}
                      </label>
                    ))}
                  </div>
                </div>
              );
            })}
          </fieldset>
        );
      })}
    </>
  );
}
