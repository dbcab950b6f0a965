import { useCallback, useState } from 'preact/hooks';
import { Link } from 'wouter-preact';
import type { AdminEsimDetail, EsimStatus } from '../api/types.ts';
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

const esimStatuses = [
  'NotActive',
  'Active',
  'Exhausted',
  'Expired',
  'Suspended',
] as const satisfies readonly EsimStatus[];

interface EsimListQuery {
  accountId: string;
  status: EsimStatus | undefined;
}

/** An account's eSIMs (docs/support.md), of one status when asked; one eSIM opens by its ICCID. */
export function EsimsPage() {
  const [accountId, setAccountId] = useState('');
  const [status, setStatus] = useState<EsimStatus | ''>('');
  const [query, setQuery] = useState<EsimListQuery | undefined>(undefined);

  return (
    <>
      <PageTitle>eSIMs</PageTitle>
      <p>
        List an account's eSIMs, or open one by its ICCID at <code>#/esims/&lt;iccid&gt;</code>.
      </p>
      <form
        class="filters"
        aria-label="List eSIMs"
        onSubmit={(event) => {
          event.preventDefault();
          setQuery({ accountId: accountId.trim(), status: status || undefined });
        }}
      >
        <Field id="esim-account" label="Account id">
          {(aria) => (
            <input
              {...aria}
              type="text"
              value={accountId}
              onInput={(event) => setAccountId(event.currentTarget.value)}
            />
          )}
        </Field>
        <Field id="esim-status" label="Status">
          {(aria) => (
            <select
              {...aria}
              value={status}
              onChange={(event) => setStatus(event.currentTarget.value as EsimStatus | '')}
            >
              <option value="">Any</option>
              {esimStatuses.map((choice) => (
                <option key={choice}>{choice}</option>
              ))}
            </select>
          )}
        </Field>
        <button type="submit">List eSIMs</button>
      </form>
      {query && <EsimResults key={JSON.stringify(query)} query={query} />}
    </>
  );
}

function EsimResults({ query }: { query: EsimListQuery }) {
  const { api } = useConsole();
  const { first, items, more, hasMore } = useCursorList(
    (cursor) => api.listEsims(query.accountId, query.status, { limit: 50, cursor }),
    [api, query],
  );
  return (
    <section aria-labelledby="esim-results">
      <h2 id="esim-results">eSIMs</h2>
      <AsyncView state={first.state} label="eSIMs" onRetry={first.reload}>
        {() => (
          <>
            <p role="status" aria-live="polite">
              {items.length} {items.length === 1 ? 'eSIM' : 'eSIMs'} listed
              {hasMore ? '; more can be loaded.' : '.'}
            </p>
            <ScrollRegion label="eSIMs table">
              <table>
                <thead>
                  <tr>
                    <th scope="col">ICCID</th>
                    <th scope="col">Status</th>
                    <th scope="col">Packages</th>
                    <th scope="col">Created</th>
                  </tr>
                </thead>
                <tbody>
                  {items.map((esim) => (
                    <tr key={esim.iccid}>
                      <th scope="row">
                        <Link href={`/esims/${esim.iccid}`}>
                          <code>{esim.iccid}</code>
                        </Link>
                      </th>
                      <td>
                        <StatusBadge status={esim.status} />
                      </td>
                      <td>{esim.packages.length}</td>
                      <td>
                        <DateTime value={esim.created_at} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
            <LoadMore label="Load more eSIMs" more={more} hasMore={hasMore} />
          </>
        )}
      </AsyncView>
    </section>
  );
}

/** One eSIM: its packages, its suspensions, and for admins suspend or resume with a reason. */
export function EsimPage({ iccid }: { iccid: string }) {
  const { api } = useConsole();
  const esim = useAsync(() => api.getEsim(iccid), [api, iccid]);
  return (
    <>
      <nav aria-label="Breadcrumb">
        <ul>
          <li>
            <Link href="/esims">eSIMs</Link>
          </li>
          <li aria-current="page">{iccid}</li>
        </ul>
      </nav>
      <PageTitle>eSIM {iccid}</PageTitle>
      <ReadOnlyNotice />
      <AsyncView state={esim.state} label="the eSIM" onRetry={esim.reload}>
        {(data) => (
          <EsimStory esim={data} onChanged={(changed) => esim.setState({ status: 'ready', data: changed })} />
        )}
      </AsyncView>
    </>
  );
}

function EsimStory({
  esim,
  onChanged,
}: {
  esim: AdminEsimDetail;
  onChanged: (esim: AdminEsimDetail) => void;
}) {
  return (
    <>
      <section aria-labelledby="esim-summary">
        <h2 id="esim-summary">Summary</h2>
        <KeyValues
          entries={[
            ['Status', <StatusBadge key="status" status={esim.status} />],
            [
              'Account',
              <Link key="account" href={`/accounts/${esim.account_id}`}>
                <code>{esim.account_id}</code>
              </Link>,
            ],
            ['Order', <code key="order">{esim.order_id}</code>],
            ['Created', <DateTime key="created" value={esim.created_at} />],
            ['Updated', <DateTime key="updated" value={esim.updated_at} />],
          ]}
        />
      </section>
      <section aria-labelledby="esim-packages">
        <h2 id="esim-packages">Packages</h2>
        <ScrollRegion label="Packages table">
          <table>
            <thead>
              <tr>
                <th scope="col">Package</th>
                <th scope="col">Status</th>
                <th scope="col">Data used</th>
                <th scope="col">Activated</th>
                <th scope="col">Expires</th>
              </tr>
            </thead>
            <tbody>
              {esim.packages.map((item) => (
                <tr key={item.package_id}>
                  <th scope="row">
                    <code>{item.package_id}</code>
                    <br />
                    <small>{item.package_template_id}</small>
                  </th>
                  <td>
                    <StatusBadge status={item.status} />
                  </td>
                  <td>
                    {item.used_mb} of {item.data_mb} MB
                  </td>
                  <td>
                    <DateTime value={item.activated_at} />
                  </td>
                  <td>
                    <DateTime value={item.expires_at} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      </section>
      <section aria-labelledby="esim-history">
        <h2 id="esim-history">History</h2>
        {esim.history.length === 0 ? (
          <p>Never suspended.</p>
        ) : (
          <ScrollRegion label="eSIM status changes table">
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
                {esim.history.map((change) => (
                  <tr key={`${change.at}-${change.to}`}>
                    <td>
                      <DateTime value={change.at} />
                    </td>
                    <th scope="row">
                      {change.from} → {change.to}
                    </th>
                    <td>
                      {change.actor.type} {change.actor.id}
                    </td>
                    <td>{change.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
      </section>
      <LedgerLines lines={esim.ledger_lines} of="eSIM" />
      <Suspension esim={esim} onChanged={onChanged} />
    </>
  );
}

function Suspension({
  esim,
  onChanged,
}: {
  esim: AdminEsimDetail;
  onChanged: (esim: AdminEsimDetail) => void;
}) {
  const { api, announce } = useConsole();
  const [reason, setReason] = useState('');
  const keyFor = useIdempotencyKey();
  const suspended = esim.status === 'Suspended';
  const change = useAction(
    useCallback(
      (input: { reason: string }) =>
        suspended
          ? api.resumeEsim(esim.iccid, input, keyFor({ ...input, resume: esim.iccid }))
          : api.suspendEsim(esim.iccid, input, keyFor({ ...input, suspend: esim.iccid })),
      [api, esim.iccid, suspended, keyFor],
    ),
  );
  const errors = useFieldErrors(change.state, ['reason']);
  const action = suspended ? 'Resume eSIM' : 'Suspend eSIM';
  const submit = async () => {
    const changed = await change.run({ reason: reason.trim() });
    if (changed) {
      setReason('');
      announce(`eSIM ${changed.iccid} is now ${changed.status}.`);
      onChanged(changed);
    }
  };

  return (
    <section aria-labelledby="esim-suspension">
      <h2 id="esim-suspension">{suspended ? 'Resume' : 'Suspend'}</h2>
      <p>
        {suspended
          ? "Resumed, the eSIM's status is its packages' again."
          : 'Suspended, the eSIM takes no top-up and no usage until resumed; the partner reads Suspended.'}
      </p>
      <WriteForm onSubmit={(event) => event.preventDefault()}>
        <FormErrors errors={errors.unassigned} state={change.state} />
        <Field id="esim-reason" label="Reason" errors={errors.byField.get('reason')}>
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
        <ConfirmAction
          label={action}
          danger={!suspended}
          running={change.state.status === 'running'}
          confirmLabel={suspended ? 'Resume' : 'Suspend'}
          question={`${suspended ? 'Resume' : 'Suspend'} eSIM ${esim.iccid}?`}
          onConfirm={() => void submit()}
        />
      </WriteForm>
    </section>
  );
}
