import { matchRoutes } from 'react-router-dom';

import { routeTable } from '../app/route-table';
import { routeOwnerOf } from './route-owner';

const routes = routeTable.map((entry) => ({ path: entry.path, entry }));
const routerOwnerOf = (path: string) => matchRoutes(routes, path)?.at(-1)?.route.entry;
const enquiryId = '3f0e2b8a-4c1d-4e7f-9a2b-1c3d5e7f9a0b';

describe('routeOwnerOf', () => {
  // Every route of the table, with its parameters filled in, plus the edge cases.
  const samples = [
    ...routeTable.map((entry) => entry.path.replace(':enquiryId', enquiryId).replace(/:[A-Za-z]+/g, (name) => `${name.slice(1).toLowerCase()}-1`)),
    '/discover/',
    '/Categories/chess',
    '/payments/pay',
  ];

  it.each(samples)('agrees with React Router on %s', (path) => {
    expect(routeOwnerOf(path)).toBe(routerOwnerOf(path));
  });

  it('leaves non-enquiry single segments and unknown paths to the shell', () => {
    expect(routeOwnerOf('/no-such-page')).toBeUndefined();
    expect(routeOwnerOf('/a/b/c/d')).toBeUndefined();
  });

  it('sends every id the API takes to the enquiry remote, whatever its UUID version', () => {
    expect(routeOwnerOf(`/${enquiryId}`)?.owner).toBe('mfe_enquiry');
    expect(routeOwnerOf('/3f0e2b8a-4c1d-0e7f-0a2b-1c3d5e7f9a0b')?.owner).toBe('mfe_enquiry');
    expect(routeOwnerOf('/3f0e2b8a-4c1d-4e7f-9a2b')).toBeUndefined();
  });
});
