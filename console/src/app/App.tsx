import { lazy, Suspense } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import SignInPage from '../pages/sign-in/SignInPage.tsx';
import { tenantSlugOf, useSession } from '../session/session.ts';

// The signed-in shell (navigation, menus, the tenant picker) is its own chunk: a visitor loads the
// sign-in page only.
const Shell = lazy(() => import('./Shell.tsx'));

/** Signed out: the sign-in page. Signed in: the shell with the pages the session may see. */
export function App() {
  const session = useSession();
  const scope = session ? `${session.kind}:${session.token}:${tenantSlugOf(session) ?? ''}` : '';

  if (!session) {
    return (
      <Switch>
        <Route path="/sign-in" component={SignInPage} />
        <Route>
          <Redirect to="/sign-in" replace />
        </Route>
      </Switch>
    );
  }
  return (
    <Suspense fallback={null}>
      <Shell key={scope} session={session} />
    </Suspense>
  );
}
