import { Redirect, Route, Switch } from 'wouter';
import SignInPage from '../pages/sign-in/SignInPage.tsx';
import { tenantSlugOf, useSession } from '../session/session.ts';
import { Shell } from './Shell.tsx';

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
  return <Shell key={scope} session={session} />;
}
