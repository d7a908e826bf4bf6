import { isRouteErrorResponse, useRouteError } from 'react-router';
import { BrokenLinkScreen } from '../components/broken-link-screen';
import { SomethingWentWrongScreen } from '../components/something-went-wrong-screen';

/** The router's error element: a missing resource is a broken link, anything else a failure. */
export function RouteErrorScreen() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <BrokenLinkScreen />;
  return <SomethingWentWrongScreen />;
}
