import { useLocation } from 'react-router-dom';

/** The page's path and query, for "sign in and come back here". */
export function useCurrentPath(): string {
  const { pathname, search } = useLocation();
  return `${pathname}${search}`;
}
