import { maskedContactText } from '@kalike/shared/domain/conversation-rules';
import { maskContacts } from './contact-masking';

describe('masking contacts before enrolment', () => {
  test.each([
    ['Call me on 9845012345', `Call me on ${maskedContactText}`],
    ['Call me on +91 98450 12345 after 6', `Call me on ${maskedContactText} after 6`],
    ['my number: 098450-12345', `my number: ${maskedContactText}`],
    ['WhatsApp 9 8 4 5 0 1 2 3 4 5 please', `WhatsApp ${maskedContactText} please`],
    ['+919845012345', maskedContactText],
    ['mail asha.rao+kids@example.com today', `mail ${maskedContactText} today`],
    ['asha (at) example (dot) com', maskedContactText],
  ])('%s', (input, expected) => {
    expect(maskContacts(input)).toEqual({ text: expected, masked: true });
  });

  test.each([
    'The fee is 12000 for 3 months',
    'Classes on 12/06/2025 at 5 pm',
    'Pincode 560034, near the park',
    'Grade 5, age 10, beginner',
    'A pack of 8 classes costs 4800',
  ])('leaves %s as it is', (input) => {
    expect(maskContacts(input)).toEqual({ text: input, masked: false });
  });
});
