import { useCallback, useState } from 'preact/hooks';
import { Link, useLocation } from 'wouter-preact';
import type { AdminBookingDetail, BookingSearch, BookingStatus, ServiceType } from '../api/types.ts';
import { useConsole } from '../context.ts';
import {
  AsyncView,
  ConfirmAction,
  DateTime,
  Field,
  KeyValues,
  LoadMore,
  PageTitle,
  ReadOnlyNotice,
  ScrollRegion,
  StatusBadge,
  WriteForm,
} from '../ui/components.tsx';
import { FormErrors, useFieldErrors } from '../ui/FormErrors.tsx';
import { useAction, useAsync, useCursorList, useIdempotencyKey } from '../ui/hooks.ts';
import { LedgerLines } from './support/LedgerLines.tsx';
import { type BookingSearchForm, bookingSearchFromForm, emptyBookingSearchForm } from './support/support.ts';

const bookingStatuses = [
  'Processing',
  'Issued',
  'Confirmed',
  'Canceled',
  'Expired',
] as const satisfies readonly BookingStatus[];
const serviceTypes = ['Lounge', 'FastTrack'] as const satisfies readonly ServiceType[];

/** Bookings of any account (docs/support.md): found by what the partner quotes. */
export function BookingsPage() {
  const [form, setForm] = useState<BookingSearchForm>(emptyBookingSearchForm);
  const [search, setSearch] = useState<BookingSearch | undefined>(undefined);
  const update =
    (name: keyof BookingSearchForm) => (event: { currentTarget: HTMLInputElement | HTMLSelectElement }) =>
      setForm((current) => ({ ...current, [name]: event.currentTarget.value }));

  return (
    <>
      <PageTitle>Bookings</PageTitle>
      <p>
        Name the account or a traveller's email, last name or flight: traveller fields match exactly, whatever
        the case and spacing ("doe" finds Doe, "Do" does not).
      </p>
      <OpenById />
      <form
        class="filters"
        aria-label="Search bookings"
        onSubmit={(event) => {
          event.preventDefault();
          setSearch(bookingSearchFromForm(form));
        }}
      >
        <Field id="booking-account" label="Account id">
          {(aria) => <input {...aria} type="text" value={form.account_id} onInput={update('account_id')} />}
        </Field>
        <Field id="booking-email" label="Email">
          {(aria) => <input {...aria} type="text" value={form.email} onInput={update('email')} />}
        </Field>
        <Field id="booking-last-name" label="Last name">
          {(aria) => <input {...aria} type="text" value={form.last_name} onInput={update('last_name')} />}
        </Field>
        <Field id="booking-transport" label="Transport number">
          {(aria) => (
            <input {...aria} type="text" value={form.transport_number} onInput={update('transport_number')} />
          )}
        </Field>
        <Field id="booking-status" label="Status">
          {(aria) => (
            <select {...aria} value={form.status} onChange={update('status')}>
              <option value="">Any</option>
              {bookingStatuses.map((status) => (
                <option key={status}>{status}</option>
              ))}
            </select>
          )}
        </Field>
        <Field id="booking-service" label="Service">
          {(aria) => (
            <select {...aria} value={form.service_type} onChange={update('service_type')}>
              <option value="">Any</option>
              {serviceTypes.map((type) => (
                <option key={type}>{type}</option>
              ))}
            </select>
          )}
        </Field>
        <Field id="booking-from" label="Created from (your local time)">
          {(aria) => (
            <input
              {...aria}
              type="datetime-local"
              value={form.created_from}
              onInput={update('created_from')}
            />
          )}
        </Field>
        <Field id="booking-to" label="Created to (your local time)">
          {(aria) => (
            <input {...aria} type="datetime-local" value={form.created_to} onInput={update('created_to')} />
          )}
        </Field>
        <button type="submit">Search bookings</button>{' '}
        <button
          type="button"
          class="secondary"
          onClick={() => {
            setForm(emptyBookingSearchForm);
            setSearch(undefined);
          }}
        >
          Clear search
        </button>
      </form>
      {search && <BookingResults key={JSON.stringify(search)} search={search} />}
    </>
  );
}

/** The partner quotes a booking id: it opens at once (an id reads without the search's index delay). */
function OpenById() {
  const [, navigate] = useLocation();
  const [bookingId, setBookingId] = useState('');
  return (
    <form
      class="filters"
      aria-label="Open a booking by its id"
      onSubmit={(event) => {
        event.preventDefault();
        if (bookingId.trim()) navigate(`/bookings/${encodeURIComponent(bookingId.trim())}`);
      }}
    >
      <Field id="booking-id" label="Booking id">
        {(aria) => (
          <input
            {...aria}
            type="text"
            value={bookingId}
            onInput={(event) => setBookingId(event.currentTarget.value)}
          />
        )}
      </Field>
      <button type="submit">Open booking</button>
    </form>
  );
}

function BookingResults({ search }: { search: BookingSearch }) {
  const { api } = useConsole();
  const { first, items, more, hasMore } = useCursorList(
    (cursor) => api.searchBookings(search, { limit: 50, cursor }),
    [api, search],
  );
  return (
    <section aria-labelledby="booking-results">
      <h2 id="booking-results">Results</h2>
      <AsyncView state={first.state} label="bookings" onRetry={first.reload}>
        {() => (
          <>
            <p role="status" aria-live="polite">
              {items.length} {items.length === 1 ? 'booking' : 'bookings'} found
              {hasMore ? '; more can be loaded.' : '.'}
            </p>
            <ScrollRegion label="Bookings table">
              <table>
                <thead>
                  <tr>
                    <th scope="col">Booking</th>
                    <th scope="col">Status</th>
                    <th scope="col">Service</th>
                    <th scope="col">Traveller</th>
                    <th scope="col">Transport</th>
                    <th scope="col">Account</th>
                    <th scope="col">Created</th>
                  </tr>
                </thead>
                <tbody>
                  {items.map((booking) => (
                    <tr key={booking.booking_id}>
                      <th scope="row">
                        <Link href={`/bookings/${booking.booking_id}`}>
                          <code>{booking.booking_id}</code>
                        </Link>
                      </th>
                      <td>
                        <StatusBadge status={booking.status} />
                      </td>
                      <td>{booking.service_type}</td>
                      <td>
                        {[booking.first_name, booking.last_name].filter(Boolean).join(' ') || '—'}
                        <br />
                        <small>{booking.email ?? ''}</small>
                      </td>
                      <td>{booking.transport_number ?? '—'}</td>
                      <td>
                        <Link href={`/accounts/${booking.account_id}`}>
                          <code>{booking.account_id}</code>
                        </Link>
                      </td>
                      <td>
                        <DateTime value={booking.created_at} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
            <LoadMore label="Load more bookings" more={more} hasMore={hasMore} />
          </>
        )}
      </AsyncView>
    </section>
  );
}

/** One booking's whole story: the record, its pass, every status change, its redemptions and ledger lines; cancel for admins. */
export function BookingPage({ bookingId }: { bookingId: string }) {
  const { api } = useConsole();
  const booking = useAsync(() => api.getBooking(bookingId), [api, bookingId]);
  return (
    <>
      <nav aria-label="Breadcrumb">
        <ul>
          <li>
            <Link href="/bookings">Bookings</Link>
          </li>
          <li aria-current="page">{bookingId}</li>
        </ul>
      </nav>
      <PageTitle>Booking {bookingId}</PageTitle>
      <ReadOnlyNotice />
      <AsyncView state={booking.state} label="the booking" onRetry={booking.reload}>
        {(data) => <BookingStory booking={data} onCanceled={booking.reload} />}
      </AsyncView>
    </>
  );
}

function BookingStory({ booking, onCanceled }: { booking: AdminBookingDetail; onCanceled: () => void }) {
  const pass = booking.pass;
  return (
    <>
      <section aria-labelledby="booking-summary">
        <h2 id="booking-summary">Summary</h2>
        <KeyValues
          entries={[
            ['Status', <StatusBadge key="status" status={booking.status} />],
            ['Service', `${booking.service_type} ${booking.service_id}`],
            [
              'Account',
              <Link key="account" href={`/accounts/${booking.account_id}`}>
                <code>{booking.account_id}</code>
              </Link>,
            ],
            ['Traveller', [booking.first_name, booking.last_name].filter(Boolean).join(' ') || '—'],
            ['Email', booking.email ?? '—'],
            ['Transport number', booking.transport_number ?? '—'],
            ['Guests', String(booking.guests.length)],
            ['Created', <DateTime key="created" value={booking.created_at} />],
            ['Updated', <DateTime key="updated" value={booking.updated_at} />],
          ]}
        />
      </section>
      <section aria-labelledby="booking-pass">
        <h2 id="booking-pass">Pass</h2>
        {pass ? (
          <KeyValues
            entries={[
              ['Pass id', <code key="id">{pass.pass_id}</code>],
              ['Status', <StatusBadge key="status" status={pass.status} />],
              ['Guests', String(pass.guests_count)],
              ['Guests admitted', pass.used_guests_count === null ? '—' : String(pass.used_guests_count)],
              ['Valid from', <DateTime key="from" value={pass.valid_from} />],
              ['Valid until', <DateTime key="until" value={pass.valid_until} />],
            ]}
          />
        ) : (
          <p>No pass: the booking was not issued.</p>
        )}
      </section>
      <section aria-labelledby="booking-history">
        <h2 id="booking-history">History</h2>
        <ScrollRegion label="Status changes table">
          <table>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Change</th>
                <th scope="col">By</th>
                <th scope="col">Reason</th>
              </tr>
            </thead>
            <tbody>
              {booking.history.map((change) => (
                <tr key={`${change.at}-${change.to}`}>
                  <td>
                    <DateTime value={change.at} />
                  </td>
                  <th scope="row">
                    {change.from ?? '—'} → {change.to}
                  </th>
                  <td>{change.actor ? `${change.actor.type} ${change.actor.id ?? ''}` : 'not known'}</td>
                  <td>
                    {change.reason ?? '—'}
                    {change.waive_fee ? ' (fee waived)' : ''}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      </section>
      <section aria-labelledby="booking-redemptions">
        <h2 id="booking-redemptions">Redemptions</h2>
        {booking.redemptions.length === 0 ? (
          <p>No redemption: the pass was not scanned.</p>
        ) : (
          <ScrollRegion label="Redemptions table">
            <table>
              <thead>
                <tr>
                  <th scope="col">Redemption</th>
                  <th scope="col">Status</th>
                  <th scope="col">Venue</th>
                  <th scope="col">Scanned</th>
                  <th scope="col">Admitted guests</th>
                </tr>
              </thead>
              <tbody>
                {booking.redemptions.map((redemption) => (
                  <tr key={redemption.redemption_id}>
                    <th scope="row">
                      <code>{redemption.redemption_id}</code>
                    </th>
                    <td>
                      <StatusBadge status={redemption.status} />
                    </td>
                    <td>
                      <Link href={`/venues/${redemption.venue_id}`}>
                        <code>{redemption.venue_id}</code>
                      </Link>
                    </td>
                    <td>
                      <DateTime value={redemption.scanned_at} />
                    </td>
                    <td>{redemption.admitted_guests}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
      </section>
      <LedgerLines lines={booking.ledger_lines} of="booking" />
      <CancelOnBehalf booking={booking} onCanceled={onCanceled} />
    </>
  );
}

function CancelOnBehalf({ booking, onCanceled }: { booking: AdminBookingDetail; onCanceled: () => void }) {
  const { api, announce } = useConsole();
  const [reason, setReason] = useState('');
  const [waiveFee, setWaiveFee] = useState(false);
  const keyFor = useIdempotencyKey();
  const cancel = useAction(
    useCallback(
      (input: { reason: string; waive_fee: boolean }) =>
        api.cancelBooking(booking.booking_id, input, keyFor(input)),
      [api, booking.booking_id, keyFor],
    ),
  );
  const errors = useFieldErrors(cancel.state, ['reason', 'waive_fee']);
  const submit = async () => {
    const canceled = await cancel.run({ reason: reason.trim(), waive_fee: waiveFee });
    if (canceled) {
      announce(`Booking ${canceled.booking_id} is now ${canceled.status}.`);
      onCanceled();
    }
  };

  return (
    <section aria-labelledby="cancel-booking">
      <h2 id="cancel-booking">Cancel on the partner's behalf</h2>
      <p>
        The partner's own cancel rules apply and it receives the same event as if it had canceled. The reason
        goes to the audit log and the booking's history.
      </p>
      <WriteForm onSubmit={(event) => event.preventDefault()}>
        <FormErrors errors={errors.unassigned} state={cancel.state} />
        <Field id="cancel-reason" label="Reason" errors={errors.byField.get('reason')}>
          {(aria) => (
            <textarea
              {...aria}
              required
              maxLength={500}
              value={reason}
              onInput={(event) => setReason(event.currentTarget.value)}
            />
          )}
        </Field>
        <label>
          <input
            type="checkbox"
            checked={waiveFee}
            onChange={(event) => setWaiveFee(event.currentTarget.checked)}
          />{' '}
          Waive the cancellation fee
        </label>
        <ConfirmAction
          label="Cancel booking"
          danger
          running={cancel.state.status === 'running'}
          confirmLabel="Cancel the booking"
          question={`Cancel booking ${booking.booking_id} for the partner${waiveFee ? ', without the cancellation fee' : ''}? The partner is told as if it had canceled.`}
          onConfirm={() => void submit()}
        />
      </WriteForm>
    </section>
  );
}
