import { matchRoutes } from 'react-router-dom';

import { remotePages } from '@kalike/shared/federation/remote-pages';

import { isTeachAreaPath, routeTable, teachHomeWidgets, shellPageNames, type RouteEntry } from './route-table';

const routes = routeTable.map((entry) => ({ path: entry.path, entry }));
const ownerOf = (path: string) => matchRoutes(routes, path)?.at(-1)?.route.entry;

describe('route table', () => {
  it.each([
    ['/', 'mfe_discover'],
    ['/categories/chess', 'mfe_discover'],
    ['/discover/bengaluru/chess/teachers/ravi-kumar', 'mfe_discover'],
    ['/discover/bengaluru/chess/teachers/ravi-kumar/enquire', 'mfe_enquiry'],
    ['/enquire/3f0e2b8a-4c1d-4e7f-9a2b-1c3d5e7f9a0b/enrichment', 'mfe_enquiry'],
    ['/3f0e2b8a-4c1d-4e7f-9a2b-1c3d5e7f9a0b/thank-you', 'mfe_enquiry'],
    ['/payment-success', 'mfe_payments'],
    ['/payments/select-payment-plan', 'mfe_payments'],
    ['/old-payments/settle', 'mfe_payments'],
    ['/batch-payment-request/b-1', 'mfe_payments'],
    ['/learner/sessions', 'mfe_sessions'],
    ['/updates', 'mfe_sessions'],
    ['/login', 'shell'],
    ['/teach', 'shell'],
    ['/teach/enquiries/3f0e2b8a-4c1d-4e7f-9a2b-1c3d5e7f9a0b', 'mfe_enquiry'],
    ['/teach/sessions/3f0e2b8a-4c1d-4e7f-9a2b-1c3d5e7f9a0b', 'mfe_sessions'],
    ['/teach/payments', 'mfe_payments'],
    ['/teach/reviews', 'mfe_discover'],
    ['/terms-and-conditions', 'shell'],
  ])('%s belongs to %s', (path, owner) => {
    expect(ownerOf(path)?.owner).toBe(owner);
  });

  it('prefers static single-segment routes over /:enquiryId', () => {
    expect(ownerOf('/about')?.page).toBe('about');
    expect(ownerOf('/shortlist')?.page).toBe('shortlist');
  });

  it('maps every path once', () => {
    const paths = routeTable.map((entry) => entry.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('guards only what the spec does not list as public', () => {
    const guarded = routeTable.filter((entry) => entry.access !== 'public' && entry.access !== 'teacher').map((entry) => entry.path);
    expect(guarded.sort()).toEqual([
      '/account',
      '/account/notifications',
      '/account/payments',
      '/admin/payout-accounts',
      '/admin/refunds',
      '/admin/reported-threads',
      '/admin/reviews',
      '/learner/sessions',
      '/messages/enrolment/:batchStudentId',
      '/notifications',
      '/payments/cancel-pack/:packId',
    ]);
  });

  it('keeps the teacher workspace, and only it, for teachers', () => {
    const forTeachers = routeTable.filter((entry) => entry.access === 'teacher').map((entry) => entry.path);
    expect(forTeachers.sort()).toEqual([
      '/teach',
      '/teach/enquiries',
      '/teach/enquiries/:enquiryId',
      '/teach/listings',
      '/teach/listings/:listingId',
      '/teach/listings/new',
      '/teach/messages/enrolment/:batchStudentId',
      '/teach/notifications',
      '/teach/notifications/settings',
      '/teach/payments',
      '/teach/payouts',
      '/teach/profile',
      '/teach/reviews',
      '/teach/schedule',
      '/teach/sessions/:sessionId',
    ]);
    expect(forTeachers.every(isTeachAreaPath)).toBe(true);
    expect(routeTable.filter((entry) => isTeachAreaPath(entry.path) && entry.access !== 'teacher')).toEqual([]);
  });

  it('tells the workspace from routes that only start alike', () => {
    expect(['/teach', '/teach/', '/teach/reviews'].map(isTeachAreaPath)).toEqual([true, true, true]);
    expect(['/teachers', '/teacher', '/discover/bengaluru/chess/teachers/x'].map(isTeachAreaPath)).toEqual([false, false, false]);
  });

  it('names only pages their owner exposes, and routes to (or mounts on the /teach home) every page a remote exposes', () => {
    for (const entry of [...routeTable, ...teachHomeWidgets]) {
      const pages: readonly string[] = entry.owner === 'shell' ? shellPageNames : remotePages[entry.owner];
      expect(pages).toContain(entry.page);
    }
    for (const [remote, pages] of Object.entries(remotePages)) {
      const routed = new Set<string>(routeTable.filter((entry) => entry.owner === remote).map((entry) => entry.page));
      for (const widget of teachHomeWidgets) if (widget.owner === remote) routed.add(widget.page);
      expect([...pages].filter((page) => !routed.has(page))).toEqual([]);
    }
  });
});

/**
 * Checked by `check-types`, never run: a route naming a page its owner does not expose does
 * not compile. Each line fails type-checking the moment it stops being an error.
 */
export function routesThatDoNotTypeCheck(): RouteEntry[] {
  return [
    // @ts-expect-error the discover remote's page is `teacher`, not `teacher-page`
    { path: '/x', owner: 'mfe_discover', page: 'teacher-page', access: 'public' },
    // @ts-expect-error `teacher` belongs to the discover remote, not the sessions remote
    { path: '/y', owner: 'mfe_sessions', page: 'teacher', access: 'public' },
    // @ts-expect-error the shell has no page of that name
    { path: '/z', owner: 'shell', page: 'settings', access: 'public' },
  ];
}
