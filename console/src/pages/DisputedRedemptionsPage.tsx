import { Link } from 'wouter-preact';
import { useConsole } from '../context.ts';
import { AsyncView, DateTime, LoadMore, PageTitle, ScrollRegion } from '../ui/components.tsx';
import { useCursorList, useNames } from '../ui/hooks.ts';

/**
 * Redemptions recorded Disputed (docs/redemptions.md): a venue admitted the guests offline and the
 * booking was canceled before the scan reached the service. Newest first, for support to settle.
 */
export function DisputedRedemptionsPage() {
  const { api } = useConsole();
  const { first, items, more, hasMore } = useCursorList(
    (cursor) => api.listDisputedRedemptions({ limit: 50, cursor }),
    [api],
  );

  const venueNames = useNames(
    items.map((item) => item.venue_id),
    async (venueId) => (await api.getVenue(venueId)).name,
  );
  const accountNames = useNames(
    items.map((item) => item.account_id),
    async (accountId) => (await api.getAccount(accountId)).name,
  );

  return (
    <>
      <PageTitle>Disputed redemptions</PageTitle>
      <p>
        A venue scanned these passes offline and admitted the guests, but the booking was canceled before the
        scan reached the service. The booking stays Canceled and the partner got no event of the visit: each
        needs an employee. Newest first.
      </p>
      <AsyncView state={first.state} label="disputed redemptions" onRetry={first.reload}>
        {() =>
          items.length === 0 ? (
            <p>No disputed redemption.</p>
          ) : (
            <>
              <p role="status" aria-live="polite">
                {items.length} disputed {items.length === 1 ? 'redemption' : 'redemptions'} loaded
                {hasMore ? '; more can be loaded.' : '.'}
              </p>
              <ScrollRegion label="Disputed redemptions table">
                <table>
                  <thead>
                    <tr>
                      <th scope="col">Pass</th>
                      <th scope="col">Booking</th>
                      <th scope="col">Account</th>
                      <th scope="col">Venue</th>
                      <th scope="col">Scanned</th>
                      <th scope="col">Recorded</th>
                      <th scope="col">Admitted guests</th>
                    </tr>
                  </thead>
                  <tbody>
                    {items.map((redemption) => (
                      <tr key={redemption.redemption_id}>
                        <th scope="row">
                          <code>{redemption.pass_id}</code>
                          <br />
                          <small>{redemption.service_type}</small>
                        </th>
                        <td>
                          <code>{redemption.booking_id}</code>
                        </td>
                        <td>
                          <Link href={`/accounts/${redemption.account_id}`}>
                            {accountNames.get(redemption.account_id) ?? redemption.account_id}
                          </Link>
                          <br />
                          <small class="mono">{redemption.account_id}</small>
                        </td>
                        <td>
                          <Link href={`/venues/${redemption.venue_id}`}>
                            {venueNames.get(redemption.venue_id) ?? redemption.venue_id}
                          </Link>
                          <br />
                          <small class="mono">{redemption.venue_id}</small>
                        </td>
                        <td>
                          <DateTime value={redemption.scanned_at} />
                        </td>
                        <td>
                          <DateTime value={redemption.recorded_at} />
                        </td>
                        <td>{redemption.admitted_guests}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </ScrollRegion>
              <LoadMore label="Load more redemptions" more={more} hasMore={hasMore} />
            </>
          )
        }
      </AsyncView>
    </>
  );
}
