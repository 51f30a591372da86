import { matchRoutes } from 'react-router-dom';

import { routeTable } from './route-table';

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
    ['/payment-sucess', 'mfe_payments'],
    ['/payments/select-payment-plan', 'mfe_payments'],
    ['/old-payments/settle', 'mfe_payments'],
    ['/batch-payment-request/b-1', 'mfe_payments'],
    ['/learner/sessions', 'mfe_sessions'],
    ['/updates', 'mfe_sessions'],
    ['/login', 'shell'],
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
    const guarded = routeTable.filter((entry) => entry.access !== 'public').map((entry) => entry.path);
    expect(guarded.sort()).toEqual(['/account', '/learner/sessions']);
  });
});
