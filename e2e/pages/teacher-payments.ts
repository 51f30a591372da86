import { expect, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';

import { seededTeachers, teacherPhone, type SeededTeacher } from './teachers';

export type RequestState = 'open' | 'completed' | 'cancelled';

/** The figures of one row of the earnings statement, in paise, read from what the page shows. */
export interface EarningsFigures {
  collectedPaise: number;
  gstPaise: number;
  feePaise: number;
  netPaise: number;
}

/** Kalike's fee on the taxable value (KALIKE_FEE_BASIS_POINTS, 10 % unless configured). */
export const feeBasisPoints = 1_000;

/** Payments from 1 December 2026 (IST) have their fee to the nearest paisa; earlier ones rounded down (docs/payments.md). */
const nearestPaisaFeeFrom = Date.parse('2026-11-30T18:30:00.000Z');

/**
 * What the statement must show for one payment made now, worked out here from the price alone:
 * GST is 18 % inside the amount, split into two equal halves (so the tax is an even number of
 * paise), the fee is to the nearest paisa with an exact half left to the teacher (rounded down
 * before December 2026), and the net is what is left.
 */
export function expectedFigures(amountPaise: number, paidAt = Date.now()): EarningsFigures {
  let taxable = Math.round((amountPaise * 10_000) / 11_800);
  if ((amountPaise - taxable) % 2 !== 0) taxable += amountPaise * 10_000 > taxable * 11_800 ? 1 : -1;
  const scaled = taxable * feeBasisPoints;
  const fee = paidAt < nearestPaisaFeeFrom ? Math.floor(scaled / 10_000) : Math.floor((scaled + 4_999) / 10_000);
  return { collectedPaise: amountPaise, gstPaise: amountPaise - taxable, feePaise: fee, netPaise: taxable - fee };
}

export const plus = (a: EarningsFigures, b: EarningsFigures): EarningsFigures => ({
  collectedPaise: a.collectedPaise + b.collectedPaise,
  gstPaise: a.gstPaise + b.gstPaise,
  feePaise: a.feePaise + b.feePaise,
  netPaise: a.netPaise + b.netPaise,
});

/** This month on the Bengaluru calendar, YYYY-MM. */
export const thisIstMonth = () =>
  new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', timeZone: 'Asia/Kolkata' }).format(new Date()).slice(0, 7);

/**
 * "₹1,23,456.78" → 12345678, "-₹366.10" → -36610: the page shows every statement figure to the
 * paisa, and a month whose refunds outweigh its payments shows GST, fee and net below zero.
 */
export function paiseOf(shown: string): number {
  const match = /([-−])?₹([\d,]+)\.(\d{2})/.exec(shown);
  if (!match) throw new Error(`Not an amount to the paisa: ${shown}`);
  const paise = Number(match[2]!.replace(/,/g, '')) * 100 + Number(match[3]);
  return match[1] ? -paise : paise;
}

/**
 * The newest link of a kind among the family's notifications, as their phone shows them on
 * /notifications (`page` signed in as the family). The in-app notice is there at once at any hour;
 * its text waits out quiet hours (21:00–08:00 IST), so the journeys read the app, not the outbox.
 */
export async function latestNotifiedLink(page: Page, path: RegExp): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        await page.goto('/notifications');
        await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
        await page.getByRole('link', { name: 'Notification settings' }).waitFor();
        const hrefs = await page
          .getByRole('main')
          .getByRole('link')
          .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
        return (link = hrefs.find((href) => path.test(href)));
      },
      { timeout: 30_000, intervals: [500, 1_000, 2_000] },
    )
    .toBeTruthy();
  return new URL(link!, 'http://localhost').pathname;
}

/** A teacher's /teach/payments: asking to pay, inviting, the requests and the earnings statement. */
export class TeacherPayments {
  constructor(readonly page: Page) {}

  /** The teacher's phone, signed in through /login (once per worker; see teachers.ts), on /teach/payments. */
  static async signIn(browser: Browser, request: APIRequestContext, teacher: SeededTeacher = seededTeachers.priya): Promise<TeacherPayments> {
    const phone = await teacherPhone(browser, request, teacher, '/teach/payments');
    const payments = new TeacherPayments(phone.page);
    await expect(payments.page.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();
    return payments;
  }

  async close(): Promise<void> {
    await this.page.context().close();
  }

  async openPayments(): Promise<void> {
    await this.page.goto('/teach/payments');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();
  }

  section(name: 'Ask to pay' | 'Invite a family' | 'Requests' | 'Students' | 'Earnings'): Locator {
    return this.page.getByRole('region', { name, exact: true });
  }

  /** The batches the teacher can ask in, as the Batch list names them ("Program · Batch"). */
  async batches(): Promise<string[]> {
    const select = this.section('Ask to pay').getByRole('combobox', { name: 'Batch' });
    await expect(select.locator('option').nth(1)).toBeAttached();
    return (await select.locator('option').allTextContents()).slice(1);
  }

  /** The batch (as the Batch list names it) a student is in. */
  async batchOf(student: string): Promise<string> {
    const ask = this.section('Ask to pay');
    for (const batch of await this.batches()) {
      await ask.getByRole('combobox', { name: 'Batch' }).selectOption({ label: batch });
      if ((await ask.getByRole('radio', { name: student, exact: true }).count()) > 0) return batch;
    }
    throw new Error(`${student} is in none of the teacher's batches`);
  }

  /** The packs the teacher can ask a student for, by name, as the page lists them. */
  async plansFor(batch: string, student: string): Promise<string[]> {
    const ask = await this.chooseBatchToAsk(batch);
    await ask.getByRole('radio', { name: student, exact: true }).check();
    const group = ask.getByRole('group', { name: 'Ask for' });
    await expect(group).toBeVisible();
    const names: string[] = [];
    for (const radio of await group.getByRole('radio').all()) {
      const titleId = (await radio.getAttribute('aria-labelledby')) ?? '';
      const name = (await this.page.locator(`[id="${titleId}"]`).textContent()) ?? '';
      if (name !== 'What is owed') names.push(name);
    }
    return names;
  }

  /** The batches a family can still be invited into, as the invitation list names them, with their free seats. */
  async batchesWithSeats(): Promise<Array<{ batch: string; seats: number }>> {
    const select = this.section('Invite a family').getByRole('combobox', { name: 'Batch to invite into' });
    await expect(select.locator('option').nth(1)).toBeAttached();
    return (await select.locator('option').allTextContents())
      .slice(1)
      .map((text) => /^(.*) \((\d+) seats? left\)$/.exec(text))
      .flatMap((match) => (match && Number(match[2]) > 0 ? [{ batch: match[1]!, seats: Number(match[2]) }] : []));
  }

  private async chooseBatchToAsk(batch: string): Promise<Locator> {
    const ask = this.section('Ask to pay');
    await ask.getByRole('combobox', { name: 'Batch' }).selectOption({ label: batch });
    return ask;
  }

  /** What a pack costs, in paise, as the page shows it for that student (the API's price). */
  async planPricePaise(batch: string, student: string, plan: string): Promise<number> {
    const ask = await this.chooseBatchToAsk(batch);
    await ask.getByRole('radio', { name: student, exact: true }).check();
    const description = await ask.getByRole('radio', { name: plan, exact: true }).getAttribute('aria-describedby');
    return paiseOf((await this.page.locator(`[id="${description}"]`).textContent()) ?? '');
  }

  /**
   * Asks a student of a batch to pay for one of its packs (by name); the amount is the API's.
   * Opens the page afresh first, as a teacher coming back to it would: a family may have joined since.
   */
  async askToPay(batch: string, student: string, plan: string): Promise<void> {
    await this.openPayments();
    const ask = await this.chooseBatchToAsk(batch);
    await ask.getByRole('radio', { name: student, exact: true }).check();
    await ask.getByRole('radio', { name: plan, exact: true }).check();
    await ask.getByRole('button', { name: 'Send payment request' }).click();
    await expect(ask.getByRole('status')).toContainText(`Request sent to ${student} for ₹`);
  }

  /**
   * Ends a batch (as the lists name it, "Program · Batch") from the Students section, after its
   * warning: every student leaves and every family's unused classes go back. Returns what the page says.
   */
  async endBatch(batch: string): Promise<string> {
    await this.openPayments();
    const students = this.section('Students').getByRole('region', { name: batch, exact: true });
    await students.getByRole('button', { name: 'End this batch' }).click();
    await expect(students).toContainText('Every student is removed and every family gets its unused classes back in full');
    await students.getByRole('button', { name: 'Yes, end the batch' }).click();
    // Said above the list: the ended batch leaves it once its students are gone.
    const done = this.section('Students').getByRole('status').filter({ hasText: 'Batch ended.' });
    await expect(done).toBeVisible();
    return (await done.textContent()) ?? '';
  }

  /** Creates an invitation to a batch (its name as the list shows it, before the seats) and returns the family's link. */
  async inviteToBatch(batch: string, options: { days?: number; families?: number } = {}): Promise<string> {
    const invite = this.section('Invite a family');
    const select = invite.getByRole('combobox', { name: 'Batch to invite into' });
    const option = select.locator('option').filter({ hasText: batch });
    await select.selectOption((await option.first().getAttribute('value')) ?? '');
    if (options.days) await invite.getByRole('combobox', { name: 'Link works for' }).selectOption(String(options.days));
    if (options.families) await invite.getByRole('textbox', { name: 'Families who may join' }).fill(String(options.families));
    await invite.getByRole('button', { name: 'Create invitation link' }).click();
    const link = invite.getByRole('textbox', { name: 'Invitation link' });
    await expect(link).toHaveValue(/\/batch-payment-request\/[0-9a-f-]+\?invitation=/);
    return link.inputValue();
  }

  /** Which group the student's newest request is listed in, or null when there is none. */
  async requestState(student: string): Promise<RequestState | null> {
    const requests = this.section('Requests');
    await expect(requests.getByRole('region', { name: /^Open \(\d+\)$/ })).toBeVisible();
    const states: RequestState[] = [];
    for (const [state, heading] of [
      ['open', 'Open'],
      ['completed', 'Completed'],
      ['cancelled', 'Cancelled'],
    ] as const) {
      const group = requests.getByRole('region', { name: new RegExp(`^${heading} \\(\\d+\\)$`) });
      if ((await group.getByRole('article', { name: new RegExp(`^${student}, `) }).count()) > 0) states.push(state);
    }
    // Open first: a student with an open request has something to act on.
    return states[0] ?? null;
  }

  /**
   * One month of the statement (YYYY-MM), or one student's row in it: the figures as shown.
   * Chooses the month as the range first, so the statement is read fresh.
   */
  async earningsRow(month: string, student?: string): Promise<EarningsFigures> {
    const earnings = this.section('Earnings');
    await earnings.getByLabel('From', { exact: true }).fill(month);
    await earnings.getByLabel('To', { exact: true }).fill(month);
    await earnings.getByRole('button', { name: 'Show statement' }).click();
    const heading = new Intl.DateTimeFormat('en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));
    const card = earnings.getByRole('article', { name: heading });
    await expect(card).toBeVisible();
    const zero = { collectedPaise: 0, gstPaise: 0, feePaise: 0, netPaise: 0 };
    if ((await card.getByText('No payments this month.').count()) > 0) return zero;
    let scope = card;
    if (student) {
      const rows = card.getByRole('listitem').filter({ has: this.page.locator('p', { hasText: new RegExp(`^${student}( ·|$)`) }) });
      if ((await rows.count()) === 0) return zero;
      scope = rows.first();
    }
    const figures = scope.locator('dl').first();
    const read = async (term: string) =>
      paiseOf(
        (await figures
          .locator('dt', { hasText: new RegExp(`^${term}$`) })
          .locator('xpath=following-sibling::dd[1]')
          .textContent()) ?? '',
      );
    return {
      collectedPaise: await read('Families paid'),
      gstPaise: await read('GST'),
      feePaise: await read(`Kalike's fee \\(${feeBasisPoints / 100}%\\)`),
      netPaise: await read('You receive'),
    };
  }
}
