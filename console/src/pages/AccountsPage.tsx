import { useCallback, useMemo, useState } from 'preact/hooks';
import { Link } from 'wouter-preact';
import type { Account, CreatedAccount } from '../api/types.ts';
import { useConsole } from '../context.ts';
import {
  AsyncView,
  CopyButton,
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

export function AccountsPage() {
  const { api } = useConsole();
  const [search, setSearch] = useState('');
  const {
    first,
    items: accounts,
    setItems: setAccounts,
    more,
    hasMore,
  } = useCursorList((cursor) => api.listAccounts({ limit: 200, cursor }), [api]);

  const visible = useMemo(
    () =>
      accounts.filter((account) => matchesSearch(search, [account.name, account.account_id, account.status])),
    [accounts, search],
  );

  return (
    <>
      <PageTitle>Accounts</PageTitle>
      <ReadOnlyNotice />
      <section aria-labelledby="accounts-list">
        <h2 id="accounts-list">Partner accounts</h2>
        <div class="field search">
          <label for="account-search">Search loaded accounts by name, id or status</label>
          <input
            id="account-search"
            type="search"
            value={search}
            onInput={(event) => setSearch(event.currentTarget.value)}
          />
        </div>
        <AsyncView state={first.state} label="accounts" onRetry={first.reload}>
          {() => (
            <>
              <p role="status" aria-live="polite">
                {visible.length} of {accounts.length} loaded accounts shown
                {hasMore ? '; more can be loaded.' : '.'}
              </p>
              <ScrollRegion label="Accounts table">
                <table>
                  <thead>
                    <tr>
                      <th scope="col">Name</th>
                      <th scope="col">Kind</th>
                      <th scope="col">Status</th>
                      <th scope="col">Certificate expires</th>
                      <th scope="col">Created</th>
                    </tr>
                  </thead>
                  <tbody>
                    {visible.map((account) => (
                      <tr key={account.account_id}>
                        <th scope="row">
                          <Link href={`/accounts/${account.account_id}`}>{account.name}</Link>
                          <br />
                          <small class="mono">{account.account_id}</small>
                        </th>
                        <td>{account.kind}</td>
                        <td>
                          <StatusBadge status={account.status} />
                        </td>
                        <td>
                          <DateTime value={account.certificate?.not_after} />
                        </td>
                        <td>
                          <DateTime value={account.created_at} />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </ScrollRegion>
              <LoadMore label="Load more accounts" more={more} hasMore={hasMore} />
            </>
          )}
        </AsyncView>
      </section>
      <CreateAccount onCreated={(account) => setAccounts((loaded) => [account, ...loaded])} />
    </>
  );
}

function CreateAccount({ onCreated }: { onCreated: (account: Account) => void }) {
  const { api, announce } = useConsole();
  const [name, setName] = useState('');
  const [csr, setCsr] = useState('');
  const [fileProblem, setFileProblem] = useState<string>();
  const keyFor = useIdempotencyKey();
  const create = useAction(
    useCallback(
      (input: { name: string; csr_pem: string }) => api.createAccount(input, keyFor(input)),
      [api, keyFor],
    ),
  );
  const errors = useFieldErrors(create.state, ['name', 'csr_pem']);

  const readCsr = async (file: File | undefined) => {
    setFileProblem(undefined);
    if (!file) return;
    if (file.size > 16384) {
      setFileProblem('The file is larger than a CSR can be (16 KiB).');
      return;
    }
    setCsr((await file.text()).trim());
  };

  const submit = async (event: Event) => {
    event.preventDefault();
    const created = await create.run({ name: name.trim(), csr_pem: csr.trim() });
    if (created) {
      onCreated(created);
      announce(`Account ${created.name} created.`);
    }
  };

  return (
    <section aria-labelledby="create-account">
      <h2 id="create-account">Create an account from a CSR</h2>
      <WriteForm onSubmit={submit} noValidate>
        <FormErrors errors={errors.unassigned} state={create.state} />
        <Field id="account-name" label="Account name" errors={errors.byField.get('name')}>
          {(aria) => (
            <input
              {...aria}
              type="text"
              required
              maxLength={255}
              value={name}
              onInput={(e) => setName(e.currentTarget.value)}
            />
          )}
        </Field>
        <Field
          id="account-csr-file"
          label="Certificate signing request file (PEM)"
          hint="PKCS#10, RSA of at least 2048 bits or ECDSA P-256/384/521. Or paste it below."
          errors={fileProblem ? [fileProblem] : undefined}
        >
          {(aria) => (
            <input
              {...aria}
              type="file"
              accept=".csr,.pem,.txt,application/pkcs10"
              onChange={(event) => void readCsr(event.currentTarget.files?.[0])}
            />
          )}
        </Field>
        <Field
          id="account-csr"
          label="Certificate signing request (PEM text)"
          errors={errors.byField.get('csr_pem')}
        >
          {(aria) => (
            <textarea
              {...aria}
              rows={6}
              class="mono"
              required
              value={csr}
              onInput={(e) => setCsr(e.currentTarget.value)}
            />
          )}
        </Field>
        <WriteButton type="submit" running={create.state.status === 'running'}>
          Create account
        </WriteButton>
      </WriteForm>
      {create.state.status === 'done' && <CreatedAccountResult account={create.state.result} />}
    </section>
  );
}

function CreatedAccountResult({ account }: { account: CreatedAccount }) {
  const download = useMemo(
    () => URL.createObjectURL(new Blob([account.certificate_pem], { type: 'application/x-pem-file' })),
    [account.certificate_pem],
  );
  return (
    <article aria-labelledby="created-account">
      <h3 id="created-account">Account {account.name} created</h3>
      <p>
        Send the partner this client certificate; it identifies the account on every call.{' '}
        <Link href={`/accounts/${account.account_id}`}>Open the account</Link> to create its applications.
      </p>
      <label for="created-certificate">Client certificate (PEM)</label>
      <textarea id="created-certificate" class="mono" rows={6} readOnly value={account.certificate_pem} />
      <p>
        <CopyButton text={account.certificate_pem} label="Copy certificate" />{' '}
        <a href={download} download={`${account.account_id}.pem`}>
          Download certificate
        </a>
      </p>
    </article>
  );
}
