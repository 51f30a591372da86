/**
 * The words beside the WhatsApp opt-in: shown by the settings page, and recorded by the API with
 * each decision (the contracts' `whatsappConsentText` is this), so what was agreed to is what was shown.
 */
export const whatsappConsentWords = 'Send me class reminders and notices about my classes, packs and payments on WhatsApp. I can turn this off at any time.';
