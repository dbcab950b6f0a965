import { Link } from 'wouter-preact';
import type { AdminApi } from '../api/admin.ts';
import type { Account, Certificate, DisputedRedemption, Webhook } from '../api/types.ts';
import { useConsole } from '../context.ts';
import { AsyncView, DateTime, PageTitle, ScrollRegion } from '../ui/components.tsx';
import { useAsync } from '../ui/hooks.ts';
import { type ErrorRateChange, errorRateRise, expiresWithin30Days, percent } from './support/support.ts';

/**
 * How many accounts the page looks at, and how many reads run at once. The page computes what needs
 * attention from the admin API's existing reads (a few per account), which is cheap for the tens of
 * accounts the service has; an admin read that answers it in one call is the step when that grows.
 */
const accountsChecked = 100;
const parallelReads = 4;

interface Attention {
  checkedAccounts: number;
  moreAccounts: boolean;
  failingWebhooks: { account: Account; webhook: Webhook; lastDelivery: string }[];
  errorRates: { account: Account; change: ErrorRateChange }[];
  disputed: DisputedRedemption[];
  moreDisputed: boolean;
  certificates: { account: Account; certificate: Certificate }[];
  /** Accounts a read failed for: the rest of the page still stands. */
  unchecked: Account[];
}

/** Runs `work` for every item, at most `limit` at a time. */
async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

async function loadAttention(api: AdminApi, now: number): Promise<Attention> {
  const [accountsPage, disputedPage] = await Promise.all([
    api.listAccounts({ limit: accountsChecked }),
    api.listDisputedRedemptions({ limit: 20 }),
  ]);
  const accounts = accountsPage.data.filter(
    (account) => account.kind === 'partner' && account.status === 'Active',
  );
  const attention: Attention = {
    checkedAccounts: accounts.length,
    moreAccounts: accountsPage.next_cursor !== null,
    failingWebhooks: [],
    errorRates: [],
    disputed: disputedPage.data,
    moreDisputed: disputedPage.next_cursor !== null,
    certificates: [],
    unchecked: [],
  };
  const since = new Date(now - 2 * 60 * 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
  await eachLimited(accounts, parallelReads, async (account) => {
    try {
      await checkAccount(api, account, since, now, attention);
    } catch {
      attention.unchecked.push(account);
    }
  });
  return attention;
}

async function checkAccount(
  api: AdminApi,
  account: Account,
  since: string,
  now: number,
  attention: Attention,
): Promise<void> {
  const [webhooks, certificates, requests] = await Promise.all([
    api.listWebhooks(account.account_id),
    api.listCertificates(account.account_id),
    api.listAccountRequests(account.account_id, { since }, { limit: 200 }),
  ]);
  for (const certificate of certificates.items)
    if (certificate.status === 'Active' && expiresWithin30Days(certificate.not_after, now))
      attention.certificates.push({ account, certificate });
  const change = errorRateRise(requests.data, now);
  if (change) attention.errorRates.push({ account, change });
  for (const webhook of webhooks.data.filter((subscription) => subscription.status === 'Active')) {
    const [last] = (await api.listWebhookDeliveries(account.account_id, webhook.id, { limit: 1 })).data;
    if (last && (last.status === 'Failed' || last.status === 'Retrying'))
      attention.failingWebhooks.push({ account, webhook, lastDelivery: last.status });
  }
}

/** The landing page: what needs an employee now, each item linking to the page that settles it. */
export function HomePage() {
  const { api } = useConsole();
  const attention = useAsync(() => loadAttention(api, Date.now()), [api]);
  return (
    <>
      <PageTitle>Needs attention</PageTitle>
      <AsyncView state={attention.state} label="what needs attention" onRetry={attention.reload}>
        {(data) => (
          <>
            <p>
              Checked {data.checkedAccounts} active partner accounts
              {data.moreAccounts ? ` (the first ${accountsChecked} accounts only)` : ''}.{' '}
              <button type="button" class="secondary outline" onClick={attention.reload}>
                Check again
              </button>
            </p>
            {data.unchecked.length > 0 && (
              <p role="alert">
                Could not check {data.unchecked.map((account) => account.name).join(', ')}: try again.
              </p>
            )}
            <FailingWebhooks items={data.failingWebhooks} />
            <ErrorRates items={data.errorRates} />
            <Disputed items={data.disputed} more={data.moreDisputed} />
            <ExpiringCertificates items={data.certificates} />
          </>
        )}
      </AsyncView>
    </>
  );
}

function AccountLink({ account, section }: { account: Account; section?: string }) {
  return (
    <Link href={`/accounts/${account.account_id}`}>
      {account.name}
      {section ? `: ${section}` : ''}
    </Link>
  );
}

function FailingWebhooks({ items }: { items: Attention['failingWebhooks'] }) {
  return (
    <section aria-labelledby="failing-webhooks">
      <h2 id="failing-webhooks">Failing webhook subscriptions</h2>
      {items.length === 0 ? (
        <p>None: every active subscription's last delivery succeeded.</p>
      ) : (
        <ul>
          {items.map(({ account, webhook, lastDelivery }) => (
            <li key={webhook.id}>
              <AccountLink account={account} section="webhooks" /> <code>{webhook.url}</code>: last delivery{' '}
              {lastDelivery}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ErrorRates({ items }: { items: Attention['errorRates'] }) {
  return (
    <section aria-labelledby="error-rates">
      <h2 id="error-rates">Error rate rose in the last hour</h2>
      <p>
        <small>
          At least 10 requests in the last hour, at least 20 % of them answered 4xx or 5xx, and a higher share
          than the hour before.
        </small>
      </p>
      {items.length === 0 ? (
        <p>None.</p>
      ) : (
        <ul>
          {items.map(({ account, change }) => (
            <li key={account.account_id}>
              <AccountLink account={account} section="activity" />: {percent(change.lastHour.share)} of{' '}
              {change.lastHour.requests} requests failed (the hour before: {percent(change.hourBefore.share)}{' '}
              of {change.hourBefore.requests})
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Disputed({ items, more }: { items: DisputedRedemption[]; more: boolean }) {
  return (
    <section aria-labelledby="home-disputed">
      <h2 id="home-disputed">Disputed redemptions</h2>
      {items.length === 0 ? (
        <p>None.</p>
      ) : (
        <>
          <ScrollRegion label="Disputed redemptions to settle">
            <table>
              <thead>
                <tr>
                  <th scope="col">Booking</th>
                  <th scope="col">Scanned</th>
                  <th scope="col">Admitted guests</th>
                </tr>
              </thead>
              <tbody>
                {items.map((redemption) => (
                  <tr key={redemption.redemption_id}>
                    <th scope="row">
                      <Link href={`/bookings/${redemption.booking_id}`}>
                        <code>{redemption.booking_id}</code>
                      </Link>
                    </th>
                    <td>
                      <DateTime value={redemption.scanned_at} />
                    </td>
                    <td>{redemption.admitted_guests}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          <p>
            <Link href="/redemptions/disputed">
              {more ? 'Every disputed redemption' : 'The disputed redemptions page'}
            </Link>
          </p>
        </>
      )}
    </section>
  );
}

function ExpiringCertificates({ items }: { items: Attention['certificates'] }) {
  return (
    <section aria-labelledby="expiring-certificates">
      <h2 id="expiring-certificates">Certificates expiring within 30 days</h2>
      {items.length === 0 ? (
        <p>None.</p>
      ) : (
        <ul>
          {items.map(({ account, certificate }) => (
            <li key={certificate.serial_number}>
              <AccountLink account={account} section="certificates" />{' '}
              <code>{certificate.serial_number}</code> until <DateTime value={certificate.not_after} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
