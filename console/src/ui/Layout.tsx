import type { ComponentChildren } from 'preact';
import { Link, useLocation } from 'wouter-preact';
import { roleLabel } from '../auth/roles.ts';
import { useConsole } from '../context.ts';

const navigation = [
  { href: '/', label: 'Home', exact: true },
  { href: '/accounts', label: 'Accounts' },
  { href: '/bookings', label: 'Bookings' },
  { href: '/esims', label: 'eSIMs' },
  { href: '/catalog/lounges', label: 'Catalog', match: '/catalog' },
  { href: '/venues', label: 'Venues' },
  { href: '/redemptions/disputed', label: 'Disputed redemptions' },
  { href: '/finance', label: 'Finance' },
  { href: '/audit-log', label: 'Audit log' },
] as const;

export function Layout({ children, status }: { children: ComponentChildren; status: string }) {
  const { config, session, signOut } = useConsole();
  const [location] = useLocation();

  return (
    <>
      {/* A button, not a link: under hash routing `#main` would be read as a route. */}
      <button type="button" class="skip-link" onClick={() => document.getElementById('main')?.focus()}>
        Skip to content
      </button>
      <header class="container">
        <nav aria-label="Main">
          <ul>
            <li>
              <strong>Partner Travel console</strong>
            </li>
          </ul>
          <ul>
            {navigation.map((item) => {
              const current =
                'exact' in item
                  ? location === item.href
                  : location.startsWith('match' in item ? item.match : item.href);
              return (
                <li key={item.href}>
                  <Link href={item.href} aria-current={current ? 'page' : undefined}>
                    {item.label}
                  </Link>
                </li>
              );
            })}
            {config.docsUrl && (
              <li>
                <a href={config.docsUrl}>API reference</a>
              </li>
            )}
          </ul>
          <ul>
            <li>
              <span class="who">
                {session.claims.name ?? session.claims.sub} · {roleLabel(session.claims)}
              </span>
            </li>
            <li>
              <button type="button" class="secondary outline" onClick={signOut}>
                Sign out
              </button>
            </li>
          </ul>
        </nav>
      </header>
      <main id="main" class="container" tabIndex={-1}>
        {children}
      </main>
      <footer class="container">
        <small>Employee console of the Partner Travel Services API.</small>
      </footer>
      <div class="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {status}
      </div>
    </>
  );
}
