import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { Route, Router, Switch } from 'wouter-preact';
import { useHashLocation } from 'wouter-preact/use-hash-location';
import { type AdminApi, createAdminApi } from './api/admin.ts';
import { createHttpClient } from './api/http.ts';
import { beginLogin, signOut as endSession } from './auth/login.ts';
import { canWrite } from './auth/roles.ts';
import { getSession, subscribeSession } from './auth/session.ts';
import { isUsable, msUntilRenewal } from './auth/token.ts';
import type { ConsoleConfig } from './config.ts';
import { consoleContext } from './context.ts';
import { AccountPage } from './pages/AccountPage.tsx';
import { AccountsPage } from './pages/AccountsPage.tsx';
import { AuditLogPage } from './pages/AuditLogPage.tsx';
import { BookingPage, BookingsPage } from './pages/BookingsPage.tsx';
import { CatalogImagesPage } from './pages/CatalogImagesPage.tsx';
import { CatalogItemPage } from './pages/CatalogItemPage.tsx';
import { CatalogListPage } from './pages/CatalogListPage.tsx';
import { CatalogPublishPage } from './pages/CatalogPublishPage.tsx';
import { DisputedRedemptionsPage } from './pages/DisputedRedemptionsPage.tsx';
import { EsimPage, EsimsPage } from './pages/EsimsPage.tsx';
import { FinancePage } from './pages/FinancePage.tsx';
import { HomePage } from './pages/HomePage.tsx';
import { NotFoundPage } from './pages/NotFoundPage.tsx';
import { SignedOutPage } from './pages/SignedOutPage.tsx';
import { VenuePage } from './pages/VenuePage.tsx';
import { VenuesPage } from './pages/VenuesPage.tsx';
import { Layout } from './ui/Layout.tsx';

function useSession() {
  const [session, setSession] = useState(getSession);
  useEffect(() => subscribeSession(() => setSession(getSession())), []);
  return session;
}

export function App({ config }: { config: ConsoleConfig }) {
  const session = useSession();
  const [status, setStatus] = useState('');
  const leaving = useRef(false);

  const signIn = useCallback(
    (returnRoute: string = window.location.hash) => {
      // Several requests may hit a 401 at once; the page leaves only once.
      if (leaving.current) return;
      leaving.current = true;
      setStatus('Your session has ended. Signing you in again…');
      void beginLogin(config, returnRoute);
    },
    [config],
  );

  const api: AdminApi = useMemo(
    () =>
      createAdminApi(
        createHttpClient({
          baseUrl: config.adminUrl,
          getAccessToken: () => {
            const current = getSession();
            return isUsable(current, Date.now()) ? current.accessToken : undefined;
          },
          onUnauthorized: () => signIn(),
        }),
      ),
    [config, signIn],
  );

  useEffect(() => {
    if (!session) return;
    // When the token is about to expire, the employee goes through the login and returns to this page.
    const timer = window.setTimeout(() => signIn(), msUntilRenewal(session, Date.now()));
    return () => window.clearTimeout(timer);
  }, [session, signIn]);

  const announce = useCallback((message: string) => {
    // Clearing first makes a repeated message be announced again.
    setStatus('');
    window.setTimeout(() => setStatus(message), 50);
  }, []);

  const signOut = useCallback(() => {
    endSession();
    window.location.hash = '#/signed-out';
  }, []);

  if (!session) {
    return <SignedOutPage onSignIn={() => signIn('#/accounts')} />;
  }

  return (
    <consoleContext.Provider
      value={{ config, api, session, canWrite: canWrite(session.claims), announce, signIn, signOut }}
    >
      <Router hook={useHashLocation}>
        <Layout status={status}>
          <Switch>
            <Route path="/accounts" component={AccountsPage} />
            <Route path="/accounts/:accountId">
              {(params) => <AccountPage accountId={params.accountId} />}
            </Route>
            <Route path="/catalog/images" component={CatalogImagesPage} />
            <Route path="/catalog/publish" component={CatalogPublishPage} />
            <Route path="/catalog/:kind">{(params) => <CatalogListPage kind={params.kind} />}</Route>
            <Route path="/catalog/:kind/new">{(params) => <CatalogItemPage kind={params.kind} />}</Route>
            <Route path="/catalog/:kind/:id">
              {(params) => <CatalogItemPage kind={params.kind} itemId={params.id} />}
            </Route>
            <Route path="/venues" component={VenuesPage} />
            <Route path="/venues/:venueId">{(params) => <VenuePage venueId={params.venueId} />}</Route>
            <Route path="/redemptions/disputed" component={DisputedRedemptionsPage} />
            <Route path="/bookings" component={BookingsPage} />
            <Route path="/bookings/:bookingId">
              {(params) => <BookingPage bookingId={params.bookingId} />}
            </Route>
            <Route path="/esims" component={EsimsPage} />
            <Route path="/esims/:iccid">{(params) => <EsimPage iccid={params.iccid} />}</Route>
            <Route path="/finance" component={FinancePage} />
            <Route path="/audit-log" component={AuditLogPage} />
            <Route path="/" component={HomePage} />
            <Route component={NotFoundPage} />
          </Switch>
        </Layout>
      </Router>
    </consoleContext.Provider>
  );
}
