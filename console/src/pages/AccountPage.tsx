import { Link } from 'wouter-preact';
import type { Account } from '../api/types.ts';
import { useConsole } from '../context.ts';
import {
  AsyncView,
  ConfirmAction,
  DateTime,
  KeyValues,
  PageTitle,
  ProblemAlert,
  ReadOnlyNotice,
  StatusBadge,
} from '../ui/components.tsx';
import { useAction, useAsync } from '../ui/hooks.ts';
import { ActivitySection } from './account/ActivitySection.tsx';
import { ApplicationsSection } from './account/ApplicationsSection.tsx';
import { BillingSection } from './account/BillingSection.tsx';
import { CertificatesSection } from './account/CertificatesSection.tsx';
import { ContractSection } from './account/ContractSection.tsx';
import { EsimSection } from './account/EsimSection.tsx';
import { ManagersSection } from './account/ManagersSection.tsx';
import { PlanSection } from './account/PlanSection.tsx';
import { WebhooksSection } from './account/WebhooksSection.tsx';

export function AccountPage({ accountId }: { accountId: string }) {
  const { api } = useConsole();
  const account = useAsync(() => api.getAccount(accountId), [api, accountId]);
  const title = account.state.status === 'ready' ? account.state.data.name : 'Account';

  return (
    <>
      <nav aria-label="Breadcrumb">
        <ul>
          <li>
            <Link href="/accounts">Accounts</Link>
          </li>
          <li aria-current="page">{title}</li>
        </ul>
      </nav>
      <PageTitle>{title}</PageTitle>
      <ReadOnlyNotice />
      <AsyncView state={account.state} label="the account" onRetry={account.reload}>
        {(data) => (
          <>
            <Summary
              account={data}
              onChanged={(changed) => account.setState({ status: 'ready', data: { ...data, ...changed } })}
            />
            <nav aria-label="Sections of this account" class="sections">
              <ul>
                <li>
                  <a href={`#/accounts/${accountId}`} onClick={jumpTo('applications')}>
                    Applications
                  </a>
                </li>
                <li>
                  <a href={`#/accounts/${accountId}`} onClick={jumpTo('certificates')}>
                    Certificates
                  </a>
                </li>
                <li>
                  <a href={`#/accounts/${accountId}`} onClick={jumpTo('plan')}>
                    Plan
                  </a>
                </li>
                <li>
                  <a href={`#/accounts/${accountId}`} onClick={jumpTo('esim')}>
                    eSIM
                  </a>
                </li>
                <li>
                  <a href={`#/accounts/${accountId}`} onClick={jumpTo('contract')}>
                    Contract
                  </a>
                </li>
                <li>
                  <a href={`#/accounts/${accountId}`} onClick={jumpTo('managers')}>
                    Managers
                  </a>
                </li>
                <li>
                  <a href={`#/accounts/${accountId}`} onClick={jumpTo('webhooks')}>
                    Webhooks
                  </a>
                </li>
                <li>
                  <a href={`#/accounts/${accountId}`} onClick={jumpTo('billing')}>
                    Billing
                  </a>
                </li>
                <li>
                  <a href={`#/accounts/${accountId}`} onClick={jumpTo('activity')}>
                    Activity
                  </a>
                </li>
              </ul>
            </nav>
            <ApplicationsSection accountId={accountId} />
            <CertificatesSection accountId={accountId} />
            <PlanSection
              account={data}
              onChanged={(changed) => account.setState({ status: 'ready', data: { ...data, ...changed } })}
            />
            <EsimSection accountId={accountId} />
            <ContractSection accountId={accountId} />
            <ManagersSection account={data} />
            <WebhooksSection accountId={accountId} />
            <BillingSection account={data} />
            <ActivitySection accountId={accountId} />
          </>
        )}
      </AsyncView>
    </>
  );
}

/** In-page links under hash routing: move focus to the section instead of changing the route. */
function jumpTo(sectionId: string) {
  return (event: Event) => {
    event.preventDefault();
    const heading = document.getElementById(sectionId);
    heading?.focus();
    heading?.scrollIntoView();
  };
}

function Summary({ account, onChanged }: { account: Account; onChanged: (account: Account) => void }) {
  const { api, announce } = useConsole();
  const disabled = account.status === 'Disabled';
  const toggle = useAction(async () => {
    const changed = disabled
      ? await api.enableAccount(account.account_id)
      : await api.disableAccount(account.account_id);
    onChanged(changed);
    announce(`Account ${changed.name} is now ${changed.status}.`);
    return changed;
  });
  const certificate = account.certificate;
  return (
    <section aria-labelledby="summary">
      <h2 id="summary" tabIndex={-1}>
        Summary
      </h2>
      <KeyValues
        entries={[
          ['Account id', <code key="id">{account.account_id}</code>],
          ['Kind', account.kind],
          ['Status', <StatusBadge key="status" status={account.status} />],
          ['Created', <DateTime key="created" value={account.created_at} />],
          ['Updated', <DateTime key="updated" value={account.updated_at} />],
        ]}
      />
      {toggle.state.status === 'error' && <ProblemAlert problem={toggle.state.problem} />}
      <ConfirmAction
        label={disabled ? 'Enable account' : 'Disable account'}
        danger={!disabled}
        running={toggle.state.status === 'running'}
        confirmLabel={disabled ? 'Enable' : 'Disable'}
        question={
          disabled
            ? `Enable ${account.name}? Its active applications can get tokens again.`
            : `Disable ${account.name}? None of its applications gets a token any more; tokens already issued are refused within a minute, also after it is enabled again.`
        }
        onConfirm={() => void toggle.run()}
      />
      <h3>First client certificate</h3>
      {certificate ? (
        <KeyValues
          entries={[
            ['Subject', <code key="subject">{certificate.subject}</code>],
            ['Serial number', <code key="serial">{certificate.serial_number}</code>],
            [
              'SHA-256 fingerprint',
              <code key="fp" class="wrap">
                {certificate.fingerprint_sha256}
              </code>,
            ],
            ['Valid from', <DateTime key="from" value={certificate.not_before} />],
            ['Valid until', <DateTime key="until" value={certificate.not_after} />],
          ]}
        />
      ) : (
        <p>No certificate recorded.</p>
      )}
    </section>
  );
}
