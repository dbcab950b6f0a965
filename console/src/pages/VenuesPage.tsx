import { useCallback, useMemo, useState } from 'preact/hooks';
import { Link, useLocation } from 'wouter-preact';
import type { VenueItemsInput } from '../api/types.ts';
import { useConsole } from '../context.ts';
import {
  AsyncView,
  DateTime,
  Field,
  LoadMore,
  PageTitle,
  ReadOnlyNotice,
  ScrollRegion,
  StatusBadge,
  WriteButton,
  WriteForm,
} from '../ui/components.tsx';
import { FormErrors, useFieldErrors } from '../ui/FormErrors.tsx';
import { useAction, useCursorList, useIdempotencyKey } from '../ui/hooks.ts';
import { matchesSearch } from './search.ts';
import { useVenueCatalog, VenueItemsFields } from './venue/items.tsx';

/** Venues (docs/venues.md): the operators of lounges and lanes whose devices redeem passes. */
export function VenuesPage() {
  const { api } = useConsole();
  const [search, setSearch] = useState('');
  const {
    first,
    items: venues,
    more,
    hasMore,
  } = useCursorList((cursor) => api.listVenues({ limit: 200, cursor }), [api]);
  const visible = useMemo(
    () => venues.filter((venue) => matchesSearch(search, [venue.name, venue.venue_id, venue.status])),
    [venues, search],
  );

  return (
    <>
      <PageTitle>Venues</PageTitle>
      <ReadOnlyNotice />
      <p>
        A venue operates lounges and fast-track lanes; its devices (the scanner app, or the venue's own
        backend) verify and redeem passes. Scans that reached the service after their booking was canceled are
        listed under <Link href="/redemptions/disputed">Disputed redemptions</Link>.
      </p>
      <section aria-labelledby="venues-list">
        <h2 id="venues-list">Venues</h2>
        <div class="field search">
          <label for="venue-search">Search loaded venues by name or id</label>
          <input
            id="venue-search"
            type="search"
            value={search}
            onInput={(event) => setSearch(event.currentTarget.value)}
          />
        </div>
        <AsyncView state={first.state} label="venues" onRetry={first.reload}>
          {() => (
            <>
              <p role="status" aria-live="polite">
                {visible.length} of {venues.length} loaded venues shown
                {hasMore ? '; more can be loaded.' : '.'}
              </p>
              <ScrollRegion label="Venues table">
                <table>
                  <thead>
                    <tr>
                      <th scope="col">Name</th>
                      <th scope="col">Status</th>
                      <th scope="col">Lounges</th>
                      <th scope="col">Fast-tracks</th>
                      <th scope="col">Created</th>
                    </tr>
                  </thead>
                  <tbody>
                    {visible.map((venue) => (
                      <tr key={venue.venue_id}>
                        <th scope="row">
                          <Link href={`/venues/${venue.venue_id}`}>{venue.name}</Link>
                          <br />
                          <small class="mono">{venue.venue_id}</small>
                        </th>
                        <td>
                          <StatusBadge status={venue.status} />
                        </td>
                        <td>{venue.lounges.length}</td>
                        <td>{venue.fast_tracks.length}</td>
                        <td>
                          <DateTime value={venue.created_at} />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </ScrollRegion>
              <LoadMore label="Load more venues" more={more} hasMore={hasMore} />
            </>
          )}
        </AsyncView>
      </section>
      <CreateVenue />
    </>
  );
}

const noItems: VenueItemsInput = { lounges: [], fast_tracks: [] };

/** Creates a venue and opens its page, where its devices get enrollment codes. */
function CreateVenue() {
  const { api, announce } = useConsole();
  const [, navigate] = useLocation();
  const catalog = useVenueCatalog();
  const [name, setName] = useState('');
  const [items, setItems] = useState<VenueItemsInput>(noItems);
  const keyFor = useIdempotencyKey();
  const create = useAction(
    useCallback(
      (input: VenueItemsInput & { name: string }) => api.createVenue(input, keyFor(input)),
      [api, keyFor],
    ),
  );
  const errors = useFieldErrors(create.state, ['name', 'lounges', 'fast_tracks']);

  const submit = async (event: Event) => {
    event.preventDefault();
    const created = await create.run({ name: name.trim(), ...items });
    if (created) {
      announce(`Venue ${created.name} created.`);
      navigate(`/venues/${created.venue_id}`);
    }
  };

  return (
    <section aria-labelledby="create-venue">
      <h2 id="create-venue">Create a venue</h2>
      <WriteForm onSubmit={submit} noValidate>
        <FormErrors errors={errors.unassigned} state={create.state} />
        <Field id="venue-name" label="Venue name" errors={errors.byField.get('name')}>
          {(aria) => (
            <input
              {...aria}
              type="text"
              required
              maxLength={255}
              value={name}
              onInput={(event) => setName(event.currentTarget.value)}
            />
          )}
        </Field>
        <p>The lounges and lanes it operates (items of the published catalog):</p>
        <AsyncView
          state={catalog.state}
          label="the catalog's lounges and fast-tracks"
          onRetry={catalog.reload}
        >
          {(choices) => (
            <VenueItemsFields
              idPrefix="new-venue"
              catalog={choices}
              value={items}
              onChange={setItems}
              errors={errors.byField}
            />
          )}
        </AsyncView>
        <WriteButton type="submit" running={create.state.status === 'running'}>
          Create venue
        </WriteButton>
      </WriteForm>
    </section>
  );
}
