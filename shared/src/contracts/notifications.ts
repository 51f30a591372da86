import { Type, type Static } from 'typebox';
import { Uuid } from '@kalike/shared/contracts/uuid';
import { notificationAudiences, preferenceGroups } from '@kalike/shared/domain/notification-kind-definition';
import { notificationKindIds } from '@kalike/shared/domain/notification-kinds';

const IsoDateTime = Type.String({ format: 'date-time' });

/** Whose notifications: the learner's or the teacher's, matching the role the person signed in as. */
export const NotificationAudienceQuerySchema = Type.Object({ audience: Type.Enum(notificationAudiences) }, { additionalProperties: false });
export type NotificationAudienceQuery = Static<typeof NotificationAudienceQuerySchema>;

export const notificationPageSize = 30;

export const NotificationListQuerySchema = Type.Object(
  {
    audience: Type.Enum(notificationAudiences),
    /** Opaque; pass back the previous page's nextCursor unchanged. */
    before: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  },
  { additionalProperties: false },
);
export type NotificationListQuery = Static<typeof NotificationListQuerySchema>;

export const NotificationItemSchema = Type.Object({
  id: Uuid,
  kind: Type.Enum(notificationKindIds),
  /** The catalogue's in-app sentence, rendered when read. */
  sentence: Type.String(),
  /** A path of the web app: where to act on it. */
  link: Type.String(),
  createdAt: IsoDateTime,
  read: Type.Boolean(),
});
export type NotificationItem = Static<typeof NotificationItemSchema>;

export const NotificationPageSchema = Type.Object({
  /** Newest first, at most 30. */
  items: Type.Array(NotificationItemSchema),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
});
export type NotificationPage = Static<typeof NotificationPageSchema>;

export const UnreadCountSchema = Type.Object({ count: Type.Integer({ minimum: 0 }) });
export type UnreadCount = Static<typeof UnreadCountSchema>;

export const NotificationIdParamsSchema = Type.Object({ id: Uuid }, { additionalProperties: false });

// ----- Preferences and consent

export const ChannelStateSchema = Type.Object({
  enabled: Type.Boolean(),
  /** Whether it can reach the person now: WhatsApp needs their opt-in, push a subscribed browser; in-app and SMS always. */
  available: Type.Boolean(),
  /** False only for in-app, which is always on. */
  changeable: Type.Boolean(),
});
export type ChannelState = Static<typeof ChannelStateSchema>;

export const KindPreferenceSchema = Type.Object({
  kind: Type.Enum(notificationKindIds),
  /** The catalogue's few words for it ("Class tomorrow"). */
  label: Type.String(),
  group: Type.Enum(preferenceGroups),
  channels: Type.Object({ in_app: ChannelStateSchema, sms: ChannelStateSchema, whatsapp: ChannelStateSchema, push: ChannelStateSchema }),
});
export type KindPreference = Static<typeof KindPreferenceSchema>;

export const consentHows = ['settings_page', 'sign_up', 'push_prompt'] as const;
export type ConsentHow = (typeof consentHows)[number];

export const ConsentRecordSchema = Type.Object({
  channel: Type.Enum(['sms', 'whatsapp', 'push'] as const),
  given: Type.Boolean(),
  how: Type.Enum(consentHows),
  /** The words the person was shown when they decided. */
  shownText: Type.String(),
  at: IsoDateTime,
});
export type ConsentRecord = Static<typeof ConsentRecordSchema>;

export const NotificationPreferencesSchema = Type.Object({
  audience: Type.Enum(notificationAudiences),
  whatsappOptedIn: Type.Boolean(),
  pushSubscribed: Type.Boolean(),
  kinds: Type.Array(KindPreferenceSchema),
  /** Newest first. */
  consents: Type.Array(ConsentRecordSchema),
});
export type NotificationPreferences = Static<typeof NotificationPreferencesSchema>;

const ChannelChoiceSchema = Type.Object({ enabled: Type.Boolean() }, { additionalProperties: true });

/** The same shape as read; in-app may be sent back only as on. Kinds left out keep their settings. */
export const NotificationPreferencesUpdateSchema = Type.Object(
  {
    kinds: Type.Array(
      Type.Object(
        {
          kind: Type.String({ minLength: 1, maxLength: 64 }),
          channels: Type.Object(
            {
              in_app: Type.Optional(Type.Object({ enabled: Type.Literal(true) }, { additionalProperties: true })),
              sms: Type.Optional(ChannelChoiceSchema),
              whatsapp: Type.Optional(ChannelChoiceSchema),
              push: Type.Optional(ChannelChoiceSchema),
            },
            { additionalProperties: false },
          ),
        },
        { additionalProperties: true },
      ),
      { maxItems: 100 },
    ),
  },
  { additionalProperties: true },
);
export type NotificationPreferencesUpdate = Static<typeof NotificationPreferencesUpdateSchema>;

/** The words shown beside the WhatsApp switch, recorded with each decision. */
export const whatsappConsentText = 'Send me class reminders and notices about my classes, packs and payments on WhatsApp. I can turn this off at any time.';

export const WhatsappConsentBodySchema = Type.Object(
  {
    given: Type.Boolean(),
    how: Type.Optional(Type.Enum(['settings_page', 'sign_up'] as const)),
  },
  { additionalProperties: false },
);
export type WhatsappConsentBody = Static<typeof WhatsappConsentBodySchema>;

// ----- Push

export const PushPublicKeySchema = Type.Object({ publicKey: Type.String() });
export type PushPublicKey = Static<typeof PushPublicKeySchema>;

const Base64Url = Type.String({ pattern: '^[A-Za-z0-9_-]+={0,2}$', minLength: 1, maxLength: 256 });

/** What PushSubscription.toJSON() gives, less expirationTime. */
export const PushSubscriptionBodySchema = Type.Object(
  {
    endpoint: Type.String({ minLength: 1, maxLength: 2000 }),
    keys: Type.Object({ p256dh: Base64Url, auth: Base64Url }, { additionalProperties: false }),
    expirationTime: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
  },
  { additionalProperties: false },
);
export type PushSubscriptionBody = Static<typeof PushSubscriptionBodySchema>;

export const PushUnsubscribeBodySchema = Type.Object({ endpoint: Type.String({ minLength: 1, maxLength: 2000 }) }, { additionalProperties: false });
export type PushUnsubscribeBody = Static<typeof PushUnsubscribeBodySchema>;
