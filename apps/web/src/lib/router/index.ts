export { createAppHistory } from './history';
export type { AppHistory, Location, NavigateOptions, To } from './history';
export {
  AppRouter,
  Link,
  Navigate,
  NavLink,
  ScrollRestoration,
  useBlocker,
  useLocation,
  useNavigate,
  useNavigationLoading,
  useParams,
  useSearchParams,
} from './router';
export type { LinkProps, NavLinkProps } from './router';
