import { useCallback, useState } from 'preact/hooks';
import { identityScopes, partnerScopes } from '../../../../shared/vocabulary/scopes.ts';
import type { Application, ApplicationWithSecret, Scope } from '../../api/types.ts';
import { useConsole } from '../../context.ts';
import {
  AsyncView,
  ConfirmAction,
  DateTime,
  Field,
  ProblemAlert,
  ScrollRegion,
  SecretOnce,
  StatusBadge,
  WriteButton,
  WriteForm,
} from '../../ui/components.tsx';
import { FormErrors, useFieldErrors } from '../../ui/FormErrors.tsx';
import { useAction, useAsync, useIdempotencyKey } from '../../ui/hooks.ts';

export function ApplicationsSection({ accountId }: { accountId: string }) {
  const { api } = useConsole();
  const list = useAsync(() => api.listApplications(accountId, { limit: 200 }), [api, accountId]);
  const [secret, setSecret] = useState<ApplicationWithSecret>();

  const replace = (changed: Application) => {
    if (list.state.status !== 'ready') return;
    const page = list.state.data;
    list.setState({
      status: 'ready',
      data: { ...page, data: page.data.map((app) => (app.client_id === changed.client_id ? changed : app)) },
    });
  };

  return (
    <section aria-labelledby="applications">
      <h2 id="applications" tabIndex={-1}>
        Applications
      </h2>
      {secret && (
        <article aria-labelledby="new-secret" class="secret-box">
          <h3 id="new-secret">Client secret of {secret.name}</h3>
          <p>
            Client id <code>{secret.client_id}</code>
          </p>
          <SecretOnce label="Client secret" secret={secret.client_secret} />
          <button type="button" class="secondary" onClick={() => setSecret(undefined)}>
            I have copied it: hide the secret
          </button>
        </article>
      )}
      <AsyncView state={list.state} label="applications" onRetry={list.reload}>
        {(page) =>
          page.data.length === 0 ? (
            <p>This account has no applications yet.</p>
          ) : (
            <ScrollRegion label="Applications table">
              <table>
                <thead>
                  <tr>
                    <th scope="col">Name and client id</th>
                    <th scope="col">Scopes</th>
                    <th scope="col">Status</th>
                    <th scope="col">Secret rotated</th>
                    <th scope="col">Actions</th>
                  </tr>
                </thead>
                <tbody>
                  {page.data.map((app) => (
                    <ApplicationRow
                      key={app.client_id}
                      application={app}
                      onChanged={replace}
                      onSecret={(withSecret) => {
                        replace(withSecret);
                        setSecret(withSecret);
                      }}
                    />
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          )
        }
      </AsyncView>
      <CreateApplication
        accountId={accountId}
        onCreated={(created) => {
          setSecret(created);
          list.reload();
        }}
      />
    </section>
  );
}

function ApplicationRow({
  application,
  onChanged,
  onSecret,
}: {
  application: Application;
  onChanged: (app: Application) => void;
  onSecret: (app: ApplicationWithSecret) => void;
}) {
  const { api, announce } = useConsole();
  const { account_id: accountId, client_id: clientId, name } = application;
  const rotate = useAction(async () => {
    const rotated = await api.rotateApplicationSecret(accountId, clientId);
    onSecret(rotated);
    announce(`New client secret for ${name}; it is shown once.`);
    return rotated;
  });
  const active = application.status === 'Active';
  const toggle = useAction(async () => {
    const changed = active
      ? await api.disableApplication(accountId, clientId)
      : await api.enableApplication(accountId, clientId);
    onChanged(changed);
    announce(`Application ${name} ${active ? 'disabled' : 'enabled'}.`);
    return changed;
  });
  return (
    <tr>
      <th scope="row">
        {name}
        <br />
        <code>{clientId}</code>
      </th>
      <td>
        <ul class="scopes">
          {application.allowed_scopes.map((scope) => (
            <li key={scope}>
              <code>{scope}</code>
            </li>
          ))}
        </ul>
      </td>
      <td>
        <StatusBadge status={application.status} />
      </td>
      <td>
        <DateTime value={application.secret_rotated_at} />
      </td>
      <td class="actions">
        {rotate.state.status === 'error' && <ProblemAlert problem={rotate.state.problem} />}
        {toggle.state.status === 'error' && <ProblemAlert problem={toggle.state.problem} />}
        <ConfirmAction
          label={`Rotate secret of ${name}`}
          confirmLabel="Rotate"
          running={rotate.state.status === 'running'}
          question="The current secret stops working at once, tokens it got within a minute. The new one is shown once."
          onConfirm={() => void rotate.run()}
        />
        <ConfirmAction
          label={active ? `Disable ${name}` : `Enable ${name}`}
          danger={active}
          confirmLabel={active ? 'Disable' : 'Enable'}
          running={toggle.state.status === 'running'}
          question={
            active
              ? 'The application gets no more tokens; tokens already issued are refused within a minute, also after it is enabled again.'
              : 'The application gets tokens again while its account is active; tokens issued before the disable stay refused.'
          }
          onConfirm={() => void toggle.run()}
        />
      </td>
    </tr>
  );
}

function CreateApplication({
  accountId,
  onCreated,
}: {
  accountId: string;
  onCreated: (app: ApplicationWithSecret) => void;
}) {
  const { api, announce, canWrite } = useConsole();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<Set<Scope>>(new Set());
  const keyFor = useIdempotencyKey();
  const create = useAction(
    useCallback(
      (input: { name: string; allowed_scopes: Scope[] }) =>
        api.createApplication(accountId, input, keyFor(input)),
      [api, accountId, keyFor],
    ),
  );
  const errors = useFieldErrors(create.state, ['name', 'allowed_scopes']);
  const toggle = (scope: Scope, on: boolean) =>
    setScopes((current) => {
      const next = new Set(current);
      if (on) next.add(scope);
      else next.delete(scope);
      return next;
    });

  const submit = async (event: Event) => {
    event.preventDefault();
    const created = await create.run({
      name: name.trim(),
      allowed_scopes: [...partnerScopes, ...identityScopes].filter((scope) => scopes.has(scope)),
    });
    if (created) {
      announce(`Application ${created.name} created; its secret is shown once.`);
      setName('');
      setScopes(new Set());
      onCreated(created);
    }
  };

  const scopeErrors = errors.byField.get('allowed_scopes');
  return (
    <WriteForm onSubmit={submit} noValidate aria-labelledby="create-application">
      <h3 id="create-application">Create an application</h3>
      <FormErrors state={create.state} errors={errors.unassigned} />
      <Field id="application-name" label="Application name" errors={errors.byField.get('name')}>
        {(aria) => (
          <input
            {...aria}
            type="text"
            maxLength={255}
            value={name}
            onInput={(e) => setName(e.currentTarget.value)}
          />
        )}
      </Field>
      <fieldset aria-describedby={scopeErrors ? 'application-scopes-error' : 'application-scopes-hint'}>
        <legend>Allowed scopes</legend>
        {[...partnerScopes, ...identityScopes].map((scope) => (
          <label key={scope}>
            <input
              type="checkbox"
              name="allowed_scopes"
              value={scope}
              checked={scopes.has(scope)}
              disabled={!canWrite}
              onChange={(e) => toggle(scope, e.currentTarget.checked)}
            />{' '}
            <code>{scope}</code>
          </label>
        ))}
        <small id="application-scopes-hint">Identity scopes are granted only to operator accounts.</small>
        {scopeErrors && (
          <small id="application-scopes-error" class="field-error">
            {scopeErrors.join(' ')}
          </small>
        )}
      </fieldset>
      <WriteButton type="submit" running={create.state.status === 'running'}>
        Create application
      </WriteButton>
    </WriteForm>
  );
}
