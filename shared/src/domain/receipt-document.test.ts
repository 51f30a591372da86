import { documentNameOf, receiptDocumentName } from './receipt-document';

describe('the name of a paid order’s document', () => {
  it('is a tax invoice when GST was charged, within the state or from another', () => {
    expect(documentNameOf({ cgstPaise: 24_407, sgstPaise: 24_407, igstPaise: 0 })).toBe('Tax invoice');
    expect(documentNameOf({ cgstPaise: 0, sgstPaise: 0, igstPaise: 48_814 })).toBe('Tax invoice');
  });

  it('is a receipt when no tax was charged (a pack paid wholly from credit)', () => {
    expect(documentNameOf({ cgstPaise: 0, sgstPaise: 0, igstPaise: 0 })).toBe('Receipt');
    expect(receiptDocumentName(0)).toBe('Receipt');
  });
});
