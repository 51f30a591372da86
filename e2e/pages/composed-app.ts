import { expect, type Page } from '@playwright/test';

import { e2ePorts } from '../playwright.config';

export type RemoteName = 'mfe_discover' | 'mfe_enquiry' | 'mfe_payments' | 'mfe_sessions';

export const remoteOrigin = (remote: RemoteName) => `http://127.0.0.1:${e2ePorts[remote]}`;

export const knownPaymentRequests = {
  open: '00000000-0000-4000-8000-000000000001',
  completed: '00000000-0000-4000-8000-000000000002',
  cancelled: '00000000-0000-4000-8000-000000000003',
} as const;

/** The page as a person sees it, plus the identity tags the shell and remotes render. */
export class ComposedApp {
  constructor(readonly page: Page) {}

  mainNav() {
    return this.page.getByRole('navigation', { name: 'Main' });
  }

  /** Goes to one of the header's destinations the way a person does: Menu, then the destination. */
  async goViaMenu(destination: string) {
    await this.mainNav().getByRole('button', { name: 'Menu' }).click();
    await this.mainNav().getByRole('link', { name: destination, exact: true }).click();
  }

  remoteRoot(remote: RemoteName) {
    return this.page.locator(`[data-remote="${remote}"]`);
  }

  /** The remote sees the shell's very QueryClient and user store, not copies. */
  async expectSharedSingletons(remote: RemoteName) {
    const shell = this.page.locator('[data-shell]');
    const remoteRoot = this.remoteRoot(remote);
    await expect(remoteRoot).toBeVisible();
    const shellClient = await shell.getAttribute('data-query-client');
    const shellStore = await shell.getAttribute('data-user-store');
    expect(shellClient).toMatch(/^[a-z0-9]+$/);
    await expect(remoteRoot).toHaveAttribute('data-query-client', shellClient!);
    await expect(remoteRoot).toHaveAttribute('data-user-store', shellStore!);
  }

  /** Marks the document, so a later check can tell client-side navigation from a reload. */
  async markDocument() {
    await this.page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  }

  async expectSameDocument() {
    expect(await this.page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  }
}
