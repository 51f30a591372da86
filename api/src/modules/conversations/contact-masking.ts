import { maskedContactText } from '@kalike/shared/domain/conversation-rules';

// An Indian mobile number however it is typed: +91, 91 or 0 in front or not, spaces, dots or
// dashes between the digits ("98450 12345", "+91-98450-12345", "9 8 4 5 0 1 2 3 4 5").
const indianMobile = /(?<!\d)(?:(?:\+\s*)?91|0)?[\s.-]*[6-9](?:[\s.-]*\d){9}(?!\d)/g;
const email = /[\w.+-]+\s*(?:@|\(at\)|\[at\])\s*[\w-]+(?:\s*(?:\.|\(dot\)|\[dot\])\s*[\w-]+)+/gi;

/** The text with phone numbers and email addresses replaced, and whether anything was. */
export function maskContacts(text: string): { text: string; masked: boolean } {
  const masked = text.replace(email, maskedContactText).replace(indianMobile, (match) => {
    // Keep the space the number followed, so the sentence still reads.
    const lead = /^\s*/.exec(match)?.[0] ?? '';
    return `${lead}${maskedContactText}`;
  });
  return { text: masked, masked: masked !== text };
}
