import { formatInstantLong, formatLongDay, formatLongDayWithYear, formatTime } from '@kalike/shared/format/dates';
import { formatPaise } from '@kalike/shared/format/money';

/**
 * The shape of a notification kind and the words its templates are built from; the catalogue
 * itself is notification-kinds.ts.
 *
 * A template carries fixed words and only names (of people, programs, batches and listings
 * from Kalike's own records), dates, times, counts and rupee amounts: never anyone's own words
 * (a reason, a message, a post, a bio). Params are typed by their field kinds below, and no
 * field kind holds free text.
 */

export const notificationAudiences = ['learner', 'teacher'] as const;
export type NotificationAudience = (typeof notificationAudiences)[number];

/** Channels a person chooses per kind; in-app is always on and not a choice. */
export const deliveryChannels = ['sms', 'whatsapp', 'push'] as const;
export type DeliveryChannel = (typeof deliveryChannels)[number];
export const notificationChannels = ['in_app', ...deliveryChannels] as const;
export type NotificationChannel = (typeof notificationChannels)[number];

export const preferenceGroups = [
  'class_reminders',
  'class_changes',
  'packs_and_payments',
  'enquiries_and_messages',
  'teaching_day',
  'earnings',
  'listing_and_reviews',
] as const;
export type PreferenceGroup = (typeof preferenceGroups)[number];

export const preferenceGroupLabels: Readonly<Record<PreferenceGroup, string>> = {
  class_reminders: 'Class reminders',
  class_changes: 'Changes to classes',
  packs_and_payments: 'Class packs and payments',
  enquiries_and_messages: 'Enquiries and messages',
  teaching_day: 'Your teaching day',
  earnings: 'Earnings and payouts',
  listing_and_reviews: 'Listings and reviews',
};

/**
 * What a param may hold. `name`: a name from Kalike's records (a person, program, batch or
 * listing); `names`: several; `instant`: an ISO timestamp; `day`: an IST calendar day
 * (YYYY-MM-DD); `paise`: an amount; `count`: a whole number; `id`: a record id, for the link
 * only (never written into a text).
 */
export type ParamField = 'name' | 'names' | 'instant' | 'day' | 'paise' | 'count' | 'id';

type FieldValue<F extends ParamField> = F extends 'names' ? string[] : F extends 'paise' | 'count' ? number : string;
type ParamsFromFields<Fields extends Readonly<Record<string, ParamField>>> = { [Name in keyof Fields]: FieldValue<Fields[Name]> };

/** Quiet hours are 21:00–08:00 IST: a `defer` kind's texts and pushes wait until 08:00; in-app shows at once. */
export type QuietHours = 'defer' | 'exempt';

interface KindSource<Fields extends Readonly<Record<string, ParamField>>> {
  /** A few words naming the kind, for the settings page. */
  label: string;
  audience: NotificationAudience;
  group: PreferenceGroup;
  quietHours: QuietHours;
  fields: Fields;
  inApp(params: ParamsFromFields<Fields>): string;
  /**
   * The SMS/WhatsApp words: `body` with {{1}}, {{2}}… (WhatsApp's template placeholders),
   * filled from `values`, in order. The same body is what is submitted to Meta for approval.
   */
  template: { body: string; values(params: ParamsFromFields<Fields>): string[] };
  link(params: ParamsFromFields<Fields>): string;
  /**
   * Channels on unless the person turned them off. Where both `whatsapp` and `sms` are listed,
   * the person gets WhatsApp if they opted in to it, else SMS.
   */
  defaultChannels: readonly DeliveryChannel[];
  /**
   * Channels the person cannot turn off for this kind: security notices (a payout account
   * changed) always reach the phone on the account by SMS, whatever else is chosen.
   */
  requiredChannels?: readonly DeliveryChannel[];
}

export interface NotificationKindDefinition<
  Fields extends Readonly<Record<string, ParamField>> = Readonly<Record<string, ParamField>>,
> extends KindSource<Fields> {
  /** The approved WhatsApp template's name (Meta allows lower case, digits and underscores). */
  whatsappTemplate: string;
  /** The SMS/WhatsApp text, filled. */
  text(params: ParamsFromFields<Fields>): string;
}

function fill(body: string, values: readonly string[]): string {
  return body.replace(/\{\{(\d+)\}\}/g, (_, index: string) => {
    const value = values[Number(index) - 1];
    if (value === undefined) throw new RangeError(`Template value {{${index}}} is missing`);
    return value;
  });
}

/** "Asha", "Asha and Ravi", "Asha, Ravi and Meera". */
export function namesTogether(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** "Tuesday, 24 November at 5:30 pm", in IST. */
export const when = (iso: string) => formatInstantLong(iso);
/** "5:30 pm", in IST. */
export const at = (iso: string) => formatTime(iso);
export const day = (key: string) => formatLongDayWithYear(key);
export const shortDay = (key: string) => formatLongDay(key);
export const rupees = (paise: number) => formatPaise(paise);
export const classes = (count: number) => (count === 1 ? '1 class' : `${count} classes`);

export const textAndPush = ['whatsapp', 'sms', 'push'] as const;

export function kind<const Fields extends Readonly<Record<string, ParamField>>>(id: string, source: KindSource<Fields>): NotificationKindDefinition<Fields> {
  return {
    ...source,
    whatsappTemplate: `kalike_${id.replace(/\./g, '_')}`,
    text: (params) => fill(source.template.body, source.template.values(params)),
  };
}

/** A message on an enquiry's conversation or an enrolment's: the id of the one it is on, the other empty. */
export const messageFields = { senderName: 'name', enquiryId: 'id', batchStudentId: 'id' } as const;
