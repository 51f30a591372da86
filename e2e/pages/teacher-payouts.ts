import { expect, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';

import { latestCode } from './sign-in';
import { seededTeachers, teacherPhone, type SeededTeacher } from './teachers';

/**
 * The sandbox's documented test accounts (api/src/modules/payments/payouts/sandbox-payouts.ts):
 * every other account is verified and paid.
 */
export const sandboxPayoutAccounts = {
  /** Verification fails: no UPI app knows it. */
  unknownUpi: 'invalid@okaxis',
  /** Verified, but every payout to it fails (and its amount goes back on the balance). */
  failingUpi: 'payoutfail@okaxis',
} as const;

/** `/teach/payouts`, driven only through what the teacher sees and taps. */
export class TeacherPayouts {
  /** `phone`: the teacher's number (E.164), where the code confirming an account change is texted. */
  constructor(
    readonly page: Page,
    readonly phone: string = seededTeachers.priya.phone,
  ) {}

  /** The teacher's phone (Priya unless named), signed in through /login once per worker, on /teach/payouts. */
  static async signIn(browser: Browser, request: APIRequestContext, teacher: SeededTeacher = seededTeachers.priya): Promise<TeacherPayouts> {
    const phone = await teacherPhone(browser, request, teacher, '/teach/payouts');
    const payouts = new TeacherPayouts(phone.page, teacher.phone);
    await payouts.expectLoaded();
    return payouts;
  }

  /** Opens the page on a teacher's page already signed in (e.g. after joining). */
  async open(): Promise<void> {
    await this.page.goto('/teach/payouts');
    await this.expectLoaded();
  }

  private async expectLoaded(): Promise<void> {
    await expect(this.page.getByRole('heading', { level: 1, name: 'Payouts' })).toBeVisible();
    await expect(this.payable()).toBeVisible();
  }

  payable(): Locator {
    return this.page.getByRole('region', { name: 'Payable now' });
  }

  account(): Locator {
    return this.page.getByRole('article', { name: 'Your payout account' });
  }

  /** "₹1,144.07": what the page says is payable now. */
  async payableText(): Promise<string> {
    return (await this.payable().locator('p').first().innerText()).trim();
  }

  /** Opens the account form, whether no account is saved yet or one is being changed. */
  private async openAccountForm(): Promise<Locator> {
    const form = this.page.getByRole('form', { name: 'Payout account' });
    if (!(await form.isVisible())) await this.page.getByRole('button', { name: 'Change payout account' }).click();
    await expect(form).toBeVisible();
    return form;
  }

  /** The second step of an account change: a code texted to the teacher's phone, read from the outbox, typed. */
  private async confirmWithCode(): Promise<void> {
    const step = this.page.getByRole('region', { name: 'Confirm the change' });
    await step.getByRole('button', { name: 'Text me a code' }).click();
    await expect(step).toContainText('We texted a code to');
    await step.getByRole('textbox', { name: 'Code from the text' }).fill(await latestCode(null, this.phone));
    await step.getByRole('button', { name: 'Confirm and verify' }).click();
  }

  /** Saves a UPI id and waits for the bank's answer; expects `verified` unless told otherwise. */
  async addUpi(upiId: string, expected: 'Verified' | 'Could not be verified' = 'Verified'): Promise<void> {
    const form = await this.openAccountForm();
    await form.getByRole('radio', { name: 'UPI' }).check();
    await form.getByRole('textbox', { name: 'UPI id' }).fill(upiId);
    await form.getByRole('button', { name: 'Save and verify' }).click();
    await this.confirmWithCode();
    await expect(this.account()).toContainText(`UPI ${upiId.toLowerCase()}`);
    await expect(this.account()).toContainText(expected);
  }

  /** Saves a bank account (holder's name, 9–18 digit number, IFSC) and waits for the bank's answer. */
  async addBankAccount(
    account: { holderName: string; accountNumber: string; ifsc: string },
    expected: 'Verified' | 'Could not be verified' = 'Verified',
  ): Promise<void> {
    const form = await this.openAccountForm();
    await form.getByRole('radio', { name: 'Bank account' }).check();
    await form.getByRole('textbox', { name: "Account holder's name" }).fill(account.holderName);
    await form.getByRole('textbox', { name: 'Account number' }).fill(account.accountNumber);
    await form.getByRole('textbox', { name: 'IFSC' }).fill(account.ifsc);
    await form.getByRole('button', { name: 'Save and verify' }).click();
    await this.confirmWithCode();
    await expect(this.account()).toContainText(`····${account.accountNumber.replace(/\D/g, '').slice(-4)}`);
    await expect(this.account()).toContainText(expected);
  }

  /** Taps "Pay out now" and returns the amount sent ("₹1,144.07"), as the page confirms it. */
  async payOutNow(): Promise<string> {
    const amount = await this.payableText();
    await this.payable().getByRole('button', { name: 'Pay out now' }).click();
    await expect(this.payable().getByRole('status')).toHaveText(`Payout of ${amount} started. Follow it under Payouts below.`);
    return amount;
  }

  /** The payout card of an amount ("₹1,144.07"), whatever its status. */
  payout(amountText: string): Locator {
    return this.page.getByRole('article', { name: new RegExp(`^Payout of ${amountText.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}, `) }).first();
  }

  /** Waits (the page refreshes while a payout is on its way) until the payout of that amount reads Paid. */
  async expectPayoutPaid(amountText: string): Promise<void> {
    await expect(this.payout(amountText)).toHaveAccessibleName(`Payout of ${amountText}, Paid`, { timeout: 20_000 });
    await expect(this.payout(amountText)).toContainText('Paid on');
  }
}
