import { definePages } from '@kalike/shared/federation/define-pages';
import { remotePages } from '@kalike/shared/federation/remote-pages';

const Page = () => null;

describe('definePages', () => {
  it("exposes each of the remote's pages under its listed name", () => {
    const { pages } = definePages('mfe_sessions', {
      'learner-sessions': Page,
      classes: Page,
      updates: Page,
      'teach-schedule': Page,
      'teach-session': Page,
      'teach-home-today': Page,
    });
    expect(Object.keys(pages).sort()).toEqual([...remotePages.mfe_sessions].sort());
    expect(pages.classes?.displayName).toBe('mfe_sessions:classes');
  });
});

/**
 * Checked by `check-types`, never run: a pages map that renames, adds or leaves out a page
 * does not compile. Each line fails type-checking the moment it stops being an error.
 */
export function pagesMapsThatDoNotTypeCheck() {
  // @ts-expect-error `sessions` is not a page of the sessions remote (renamed from `learner-sessions`)
  definePages('mfe_sessions', { sessions: Page, classes: Page, updates: Page });
  // @ts-expect-error a page the shell has no route for
  definePages('mfe_sessions', { 'learner-sessions': Page, classes: Page, updates: Page, extra: Page });
  // @ts-expect-error `updates` is missing
  definePages('mfe_sessions', { 'learner-sessions': Page, classes: Page });
  // @ts-expect-error another remote's page
  definePages('mfe_sessions', { 'learner-sessions': Page, classes: Page, updates: Page, teacher: Page });
}
