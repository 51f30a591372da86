import { Navigate, useLocation } from 'react-router-dom';

/**
 * An old address of a page: replaces itself in history with the new one, keeping the query and
 * the hash (a gateway's answer or an order id rides in them), so Back never returns to it.
 */
export function MovedRoute({ to }: { to: string }) {
  const { search, hash } = useLocation();
  return <Navigate replace to={{ pathname: to, search, hash }} />;
}
