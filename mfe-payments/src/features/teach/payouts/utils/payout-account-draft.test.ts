import { checkPayoutAccountDraft, emptyPayoutAccountDraft } from './payout-account-draft';

describe('checking a payout account before it is sent', () => {
  test('a UPI id is name@handle', () => {
    expect(checkPayoutAccountDraft({ ...emptyPayoutAccountDraft, upiId: ' priya@okaxis ' })).toEqual({
      ok: true,
      body: { kind: 'upi', upiId: 'priya@okaxis' },
    });
    for (const upiId of ['priya', 'priya@', '@okaxis', 'pri ya@okaxis']) {
      expect(checkPayoutAccountDraft({ ...emptyPayoutAccountDraft, upiId })).toMatchObject({ ok: false, field: 'upiId' });
    }
  });

  test('a bank account: the name, 9–18 digits (spaces dropped) and an IFSC read in capitals', () => {
    const bank = { ...emptyPayoutAccountDraft, kind: 'bank' as const, holderName: ' Priya Rao ', accountNumber: '5010 0234 5678', ifsc: 'hdfc0001234' };
    expect(checkPayoutAccountDraft(bank)).toEqual({
      ok: true,
      body: { kind: 'bank', holderName: 'Priya Rao', accountNumber: '501002345678', ifsc: 'HDFC0001234' },
    });
    expect(checkPayoutAccountDraft({ ...bank, holderName: ' ' })).toMatchObject({ ok: false, field: 'holderName' });
    expect(checkPayoutAccountDraft({ ...bank, accountNumber: '12345678' })).toMatchObject({ ok: false, field: 'accountNumber' });
    expect(checkPayoutAccountDraft({ ...bank, accountNumber: '1234567890A' })).toMatchObject({ ok: false, field: 'accountNumber' });
    // The fifth character of an IFSC is always a zero.
    expect(checkPayoutAccountDraft({ ...bank, ifsc: 'HDFC1001234' })).toMatchObject({ ok: false, field: 'ifsc' });
    expect(checkPayoutAccountDraft({ ...bank, ifsc: 'HDF0001234' })).toMatchObject({ ok: false, field: 'ifsc' });
  });
});
