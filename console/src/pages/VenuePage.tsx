import { useEffect, useState } from 'preact/hooks';
import { Link } from 'wouter-preact';
import type { EnrollmentCode, Venue, VenueDevice, VenueItemsInput } from '../api/types.ts';
import { useConsole } from '../context.ts';
import {
  AsyncView,
  ConfirmAction,
  DateTime,
  KeyValues,
  LoadMore,
  PageTitle,
  ProblemAlert,
  ReadOnlyNotice,
  ScrollRegion,
  SecretOnce,
  StatusBadge,
  WriteButton,
  WriteForm,
} from '../ui/components.tsx';
import { FormErrors, useFieldErrors } from '../ui/FormErrors.tsx';
import { useAction, useAsync, useCursorList } from '../ui/hooks.ts';
import {
  itemName,
  useVenueCatalog,
  type VenueCatalog,
  VenueItemsFields,
  venueItemParts,
} from './venue/items.tsx';

/** One venue (docs/venues.md): its items, its enrollment codes and its devices. */
export function VenuePage({ venueId }: { venueId: string }) {
  const { api } = useConsole();
  const venue = useAsync(() => api.getVenue(venueId), [api, venueId]);
  const catalog = useVenueCatalog();
  const title = venue.state.status === 'ready' ? venue.state.data.name : 'Venue';
  const changed = (next: Venue) => venue.setState({ status: 'ready', data: next });

  return (
    <>
      <nav aria-label="Breadcrumb">
        <ul>
          <li>
            <Link href="/venues">Venues</Link>
          </li>
          <li aria-current="page">{title}</li>
        </ul>
      </nav>
      <PageTitle>{title}</PageTitle>
      <ReadOnlyNotice />
      <AsyncView state={venue.state} label="the venue" onRetry={venue.reload}>
        {(data) => (
          <>
            <Summary venue={data} onChanged={changed} />
            <section aria-labelledby="venue-items">
              <h2 id="venue-items" tabIndex={-1}>
                Lounges and fast-tracks
              </h2>
              <AsyncView
                state={catalog.state}
                label="the catalog's lounges and fast-tracks"
                onRetry={catalog.reload}
              >
                {(choices) => <Items venue={data} catalog={choices} onChanged={changed} />}
              </AsyncView>
            </section>
            <Enrollment venue={data} />
            <Devices venueId={venueId} />
          </>
        )}
      </AsyncView>
    </>
  );
}

/**
 * After a confirmed action the button that opened the dialog is disabled while it runs (and gone
 * after it succeeds), which drops the focus: it goes to the section's heading instead.
 */
function focusHeading(id: string) {
  window.setTimeout(() => document.getElementById(id)?.focus(), 0);
}

function Summary({ venue, onChanged }: { venue: Venue; onChanged: (venue: Venue) => void }) {
  const { api, announce } = useConsole();
  const disable = useAction(async () => {
    const disabled = await api.disableVenue(venue.venue_id);
    onChanged(disabled);
    announce(`Venue ${disabled.name} disabled.`);
    return disabled;
  });
  return (
    <section aria-labelledby="venue-summary">
      <h2 id="venue-summary" tabIndex={-1}>
        Summary
      </h2>
      <KeyValues
        entries={[
          ['Venue id', <code key="id">{venue.venue_id}</code>],
          ['Status', <StatusBadge key="status" status={venue.status} />],
          ['Lounges', String(venue.lounges.length)],
          ['Fast-tracks', String(venue.fast_tracks.length)],
          ['Created', <DateTime key="created" value={venue.created_at} />],
          ['Updated', <DateTime key="updated" value={venue.updated_at} />],
        ]}
      />
      {disable.state.status === 'error' && <ProblemAlert problem={disable.state.problem} />}
      {venue.status === 'Active' && (
        <ConfirmAction
          label="Disable venue"
          danger
          confirmLabel="Disable"
          running={disable.state.status === 'running'}
          question={`Disable ${venue.name}? Every one of its devices is cut off within 60 s, its enrollment codes stop working and it gets no new ones. A disabled venue cannot be enabled again.`}
          onConfirm={() => void disable.run().then(() => focusHeading('venue-summary'))}
        />
      )}
    </section>
  );
}

function Items({
  venue,
  catalog,
  onChanged,
}: {
  venue: Venue;
  catalog: VenueCatalog;
  onChanged: (venue: Venue) => void;
}) {
  const { api, announce } = useConsole();
  const [items, setItems] = useState<VenueItemsInput>({
    lounges: venue.lounges,
    fast_tracks: venue.fast_tracks,
  });
  useEffect(
    () => setItems({ lounges: venue.lounges, fast_tracks: venue.fast_tracks }),
    [venue.lounges, venue.fast_tracks],
  );
  const save = useAction(async (input: VenueItemsInput) => {
    const saved = await api.replaceVenueItems(venue.venue_id, input);
    onChanged(saved);
    announce(`Items of ${saved.name} saved.`);
    return saved;
  });
  const errors = useFieldErrors(save.state, ['lounges', 'fast_tracks']);

  return (
    <>
      {venueItemParts.map((part) => (
        <div key={part.key}>
          <h3>{part.label} it operates</h3>
          {venue[part.key].length === 0 ? (
            <p>None.</p>
          ) : (
            <ul>
              {venue[part.key].map((itemId) => (
                <li key={itemId}>
                  {itemName(catalog[part.key], itemId)} <small class="mono">{itemId}</small>
                </li>
              ))}
            </ul>
          )}
        </div>
      ))}
      <WriteForm
        aria-labelledby="change-venue-items"
        onSubmit={(event) => {
          event.preventDefault();
          void save.run(items);
        }}
      >
        <h3 id="change-venue-items">Change the items</h3>
        <p>Saving replaces the venue's lounges and fast-tracks with the ones chosen here.</p>
        <FormErrors state={save.state} errors={errors.unassigned} />
        <VenueItemsFields
          idPrefix="venue"
          catalog={catalog}
          value={items}
          onChange={setItems}
          errors={errors.byField}
        />
        <WriteButton type="submit" running={save.state.status === 'running'}>
          Save items
        </WriteButton>
      </WriteForm>
    </>
  );
}

function Enrollment({ venue }: { venue: Venue }) {
  const { api, announce } = useConsole();
  const [minted, setMinted] = useState<EnrollmentCode>();
  const mint = useAction(async () => {
    const code = await api.createEnrollmentCode(venue.venue_id);
    setMinted(code);
    announce('Enrollment code minted; it is shown once.');
    focusHeading('minted-code');
    return code;
  });
  return (
    <section aria-labelledby="venue-enrollment">
      <h2 id="venue-enrollment" tabIndex={-1}>
        Enrollment codes
      </h2>
      <p>
        A device (a tablet with the scanner app, or the venue's backend) enrolls with a code: each code is
        single use and expires after 24 hours.
      </p>
      {mint.state.status === 'error' && <ProblemAlert problem={mint.state.problem} />}
      {minted && (
        <article aria-labelledby="minted-code" class="secret-box">
          <h3 id="minted-code" tabIndex={-1}>
            New enrollment code
          </h3>
          <SecretOnce label="Enrollment code" secret={minted.enrollment_code} />
          <p>
            Single use: it enrolls one device until <DateTime value={minted.expires_at} /> (24 hours).
          </p>
          <button
            type="button"
            class="secondary"
            onClick={() => {
              setMinted(undefined);
              focusHeading('venue-enrollment');
            }}
          >
            Hide the code
          </button>
        </article>
      )}
      <WriteButton
        running={mint.state.status === 'running'}
        disabled={venue.status !== 'Active'}
        onClick={() => void mint.run()}
      >
        Mint an enrollment code
      </WriteButton>
      {venue.status !== 'Active' && <p>A disabled venue gets no enrollment codes.</p>}
    </section>
  );
}

function Devices({ venueId }: { venueId: string }) {
  const { api } = useConsole();
  const { first, items, setItems, more, hasMore } = useCursorList(
    (cursor) => api.listVenueDevices(venueId, { limit: 200, cursor }),
    [api, venueId],
  );
  const replace = (changed: VenueDevice) =>
    setItems((loaded) => loaded.map((device) => (device.device_id === changed.device_id ? changed : device)));

  return (
    <section aria-labelledby="venue-devices">
      <h2 id="venue-devices" tabIndex={-1}>
        Devices
      </h2>
      <p>
        Devices appear here once they have enrolled with a code.{' '}
        <button type="button" class="secondary outline" onClick={first.reload}>
          Refresh devices
        </button>
      </p>
      <AsyncView state={first.state} label="devices" onRetry={first.reload}>
        {() =>
          items.length === 0 ? (
            <p>No device has enrolled yet.</p>
          ) : (
            <>
              <ScrollRegion label="Devices table">
                <table>
                  <thead>
                    <tr>
                      <th scope="col">Name</th>
                      <th scope="col">Status</th>
                      <th scope="col">Key thumbprint</th>
                      <th scope="col">Enrolled</th>
                      <th scope="col">Updated</th>
                      <th scope="col">Actions</th>
                    </tr>
                  </thead>
                  <tbody>
                    {items.map((device) => (
                      <DeviceRow key={device.device_id} device={device} onChanged={replace} />
                    ))}
                  </tbody>
                </table>
              </ScrollRegion>
              <LoadMore label="Load more devices" more={more} hasMore={hasMore} />
            </>
          )
        }
      </AsyncView>
    </section>
  );
}

function DeviceRow({ device, onChanged }: { device: VenueDevice; onChanged: (device: VenueDevice) => void }) {
  const { api, announce } = useConsole();
  const disable = useAction(async () => {
    const disabled = await api.disableVenueDevice(device.venue_id, device.device_id);
    onChanged(disabled);
    announce(`Device ${disabled.name} disabled; it is cut off within 60 seconds.`);
    return disabled;
  });
  return (
    <tr>
      <th scope="row">
        {device.name}
        <br />
        <small class="mono">{device.device_id}</small>
      </th>
      <td>
        <StatusBadge status={device.status} />
      </td>
      <td>
        <code class="wrap">{device.jwk_thumbprint}</code>
      </td>
      <td>
        <DateTime value={device.created_at} />
      </td>
      <td>
        <DateTime value={device.updated_at} />
      </td>
      <td class="actions">
        {disable.state.status === 'error' && <ProblemAlert problem={disable.state.problem} />}
        {device.status === 'Active' && (
          <ConfirmAction
            label={`Disable device ${device.name}`}
            danger
            confirmLabel="Disable"
            running={disable.state.status === 'running'}
            question={`Disable ${device.name}? It is cut off within 60 seconds: its tokens are refused and it gets no new one. To scan again it must enroll anew with a new code.`}
            onConfirm={() => void disable.run().then(() => focusHeading('venue-devices'))}
          />
        )}
      </td>
    </tr>
  );
}
