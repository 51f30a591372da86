/**
 * The words beside the WhatsApp opt-in, shown by the settings page. The API records its own copy
 * (`whatsappConsentText` in the contracts) with each decision; the browser may not load the
 * contracts' schemas, so the words live here too, and the settings page's test keeps the two equal.
 */
export const whatsappConsentWords = 'Send me class reminders and notices about my classes, packs and payments on WhatsApp. I can turn this off at any time.';
