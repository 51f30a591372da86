import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { refundPolicyRules } from '@kalike/shared/domain/refund-policy';

describe('docs/payments.md', () => {
  it('states every rule of the refund policy the API enforces, word for word', () => {
    const docs = readFileSync(join(__dirname, '../../../../../docs/payments.md'), 'utf8');
    const section = docs.slice(docs.indexOf('## Cancellations and refunds'), docs.indexOf('## Endpoints'));
    for (const { text } of refundPolicyRules) expect(section).toContain(`- ${text}`);
  });
});
