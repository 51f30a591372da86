import type { Receipt } from '@kalike/shared/contracts/payments';
import { sampleTaxInvoice } from '@kalike/shared/testing/tax-invoice-fixture';
import { splitIntoRuns } from './receipt-fonts';
import { renderReceiptPdf } from './receipt-pdf';

/** The subset a font file holds: "kannada", "latin", "latin-ext"… */
const fontOf = (file: string) => /@fontsource\/([a-z-]+)\/files\/\1-([a-z-]+)-\d00-normal\.woff$/.exec(file)?.[2];

describe('receipt fonts', () => {
  it.each([
    ['ಕಿರಣ್', 'kannada'],
    ['ಶ್ರೀನಿವಾಸ', 'kannada'],
    ['अर्जुन', 'devanagari'],
    ['श्रीया', 'devanagari'],
    ['முருகன்', 'tamil'],
  ])('draws %s whole in one %s font, vowel signs and viramas with their letters', (name, script) => {
    expect(splitIntoRuns(name, 'regular').map((run) => [run.text, fontOf(run.file)])).toEqual([[name, script]]);
  });

  it('switches fonts between scripts and keeps every character, in order', () => {
    const text = 'Student: ಕಿರಣ್ D’Souza, ₹3,200.00';
    const runs = splitIntoRuns(text, 'bold');
    expect(runs.map((run) => run.text).join('')).toBe(text);
    expect(runs.find((run) => run.text.includes('ಕಿರಣ್'))).toMatchObject({ text: expect.stringMatching(/^ಕಿರಣ್/) });
    expect(fontOf(runs.find((run) => run.text.includes('ಕಿರಣ್'))!.file)).toBe('kannada');
    expect(fontOf(runs.find((run) => run.text.includes('Souza'))!.file)).toBe('latin');
    expect(runs.every((run) => run.file.endsWith('-700-normal.woff'))).toBe(true);
    // No run starts with a vowel sign or virama torn from its letter.
    expect(runs.some((run) => /^\p{M}/u.test(run.text))).toBe(false);
  });
});

function receipt(overrides: Partial<Receipt> = {}): Receipt {
  return {
    receiptNumber: 'KLK/2026-27/000123',
    orderId: '00000000-0000-4000-8000-000000000001',
    paymentId: 'pay_SBX0001',
    paidAt: '2026-11-22T10:05:00.000Z',
    purpose: 'payment_request',
    description: 'Monthly pack (8 classes)',
    payerName: 'ಆಶಾ ರಾವ್',
    teacherName: 'मीरा शर्मा',
    studentName: 'ಕಿರಣ್',
    price: {
      basePaise: 320_000,
      couponDiscountPaise: 0,
      referralDiscountPaise: 0,
      creditPaise: 0,
      totalPaise: 320_000,
      taxablePaise: 271_186,
      cgstPaise: 24_407,
      sgstPaise: 24_407,
      coupon: null,
      referralCode: null,
    },
    batchStudentId: null,
    classPack: null,
    invoice: sampleTaxInvoice(),
    pdfPath: null,
    ...overrides,
  };
}

describe('renderReceiptPdf', () => {
  it('embeds the fonts of the scripts the names are written in, and none of the built-in fonts that cannot draw them', async () => {
    const pdf = (await renderReceiptPdf(receipt())).toString('latin1');
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(pdf).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansKannada/);
    expect(pdf).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansDevanagari/);
    expect(pdf).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSans-Bold/);
    expect(pdf).not.toContain('Helvetica');
  });

  it('is titled a tax invoice when GST was charged, and a receipt when none was (paid wholly from credit)', async () => {
    // The document's title, as readers show it: an indirect object the info dictionary points to.
    const titleOf = async (one: Receipt) => {
      const pdf = (await renderReceiptPdf(one)).toString('latin1');
      const ref = /\/Title (\d+) 0 R/.exec(pdf)?.[1];
      return ref ? new RegExp(`\\n${ref} 0 obj\\s*\\(([^)]*)\\)`).exec(pdf)?.[1] : undefined;
    };
    expect(await titleOf(receipt())).toBe('Tax invoice KLK/2026-27/000123');
    const free = { ...sampleTaxInvoice(), taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, totalPaise: 0 };
    expect(await titleOf(receipt({ invoice: free, paymentId: '' }))).toBe('Receipt KLK/2026-27/000123');
  });
});
