// What Kalike's apps use of React Router, shared as the 'react-router-dom' singleton (see
// ../shared-surfaces.cjs). Importing anything else fails the build; add it here if needed.
// The data router (createBrowserRouter, RouterProvider, loaders, ScrollRestoration) is
// left out on purpose: it is about 17 KB gzip that every page would download.
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  NavLink,
  Navigate,
  Outlet,
  Route,
  Routes,
  createSearchParams,
  generatePath,
  matchPath,
  matchRoutes,
  useHref,
  useInRouterContext,
  useLocation,
  useMatch,
  useNavigate,
  useNavigationType,
  useOutletContext,
  useParams,
  useSearchParams,
} from '@kalike-surface-source/react-router-dom';
