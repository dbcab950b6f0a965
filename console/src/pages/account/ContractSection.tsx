import { useEffect, useState } from 'preact/hooks';
import { ProblemError } from '../../api/problem.ts';
import type { Contract, ContractInput } from '../../api/types.ts';
import { useConsole } from '../../context.ts';
import { AsyncView, DateTime, Field, WriteButton, WriteForm } from '../../ui/components.tsx';
import { FormErrors, useFieldErrors } from '../../ui/FormErrors.tsx';
import { useAction, useAsync, useIdempotencyKey } from '../../ui/hooks.ts';
import {
  billingBases,
  contractFromDrafts,
  contractParts,
  type SelectionDraft,
  selectionToDraft,
  type TermDrafts,
  termParts,
  termsToDrafts,
} from './contract-form.ts';

type Drafts = Record<(typeof contractParts)[number]['key'], SelectionDraft>;

function draftsOf(contract: Contract | undefined): Drafts {
  return {
    lounges: selectionToDraft(contract?.lounges),
    fast_tracks: selectionToDraft(contract?.fast_tracks),
    tariffs: selectionToDraft(contract?.tariffs),
  };
}

export function ContractSection({ accountId }: { accountId: string }) {
  const { api, announce, canWrite } = useConsole();
  const current = useAsync(async (): Promise<Contract | null> => {
    try {
      return await api.getContract(accountId);
    } catch (error) {
      if (error instanceof ProblemError && error.problem.status === 404) return null;
      throw error;
    }
  }, [api, accountId]);
  const existing = current.state.status === 'ready' ? current.state.data : null;
  const [drafts, setDrafts] = useState<Drafts>(draftsOf(undefined));
  const [terms, setTerms] = useState<TermDrafts>(termsToDrafts(undefined));
  useEffect(() => {
    setDrafts(draftsOf(existing ?? undefined));
    setTerms(termsToDrafts(existing ?? undefined));
  }, [existing]);

  const keyFor = useIdempotencyKey();
  const save = useAction(async (contract: ContractInput) => {
    const saved = existing
      ? await api.replaceContract(accountId, contract)
      : await api.createContract(accountId, contract, keyFor(contract));
    current.setState({ status: 'ready', data: saved });
    announce(existing ? 'Contract replaced.' : 'Contract created.');
    return saved;
  });
  const errors = useFieldErrors(save.state, [
    ...contractParts.map((part) => part.key),
    ...termParts.map((part) => part.key),
    'billing_basis',
  ]);
  const update = (key: keyof Drafts, change: Partial<SelectionDraft>) =>
    setDrafts((all) => ({ ...all, [key]: { ...all[key], ...change } }));
  const updateTerm = (key: keyof TermDrafts, value: string) => setTerms((all) => ({ ...all, [key]: value }));

  return (
    <section aria-labelledby="contract">
      <h2 id="contract" tabIndex={-1}>
        Contract
      </h2>
      <AsyncView state={current.state} label="the contract" onRetry={current.reload}>
        {(contract) => (
          <WriteForm
            onSubmit={(event) => {
              event.preventDefault();
              void save.run(contractFromDrafts(drafts, terms));
            }}
            noValidate
          >
            <p>
              {contract ? (
                <>
                  What this account may sell (its own contract, last changed{' '}
                  <DateTime value={contract.updated_at} />
                  ):
                </>
              ) : (
                'This account has no contract of its own: the default contract applies.'
              )}
            </p>
            <FormErrors state={save.state} errors={errors.unassigned} />
            {contractParts.map(({ key, label }) => (
              <fieldset key={key}>
                <legend>{label}</legend>
                <label>
                  <input
                    type="checkbox"
                    checked={drafts[key].all}
                    disabled={!canWrite}
                    onChange={(e) => update(key, { all: e.currentTarget.checked })}
                  />{' '}
                  All {label.toLowerCase()}, present and future
                </label>
                {!drafts[key].all && (
                  <Field
                    id={`contract-${key}`}
                    label={`${label}: ids, one per line`}
                    errors={errors.byField.get(key)}
                  >
                    {(aria) => (
                      <textarea
                        {...aria}
                        rows={3}
                        class="mono"
                        readOnly={!canWrite}
                        value={drafts[key].ids}
                        onInput={(e) => update(key, { ids: e.currentTarget.value })}
                      />
                    )}
                  </Field>
                )}
              </fieldset>
            ))}
            <fieldset>
              <legend>Billing terms</legend>
              <p class="hint">Left blank, a term takes its default (docs/billing.md).</p>
              <Field
                id="contract-billing_basis"
                label="Billing basis"
                errors={errors.byField.get('billing_basis')}
              >
                {(aria) => (
                  <select
                    {...aria}
                    disabled={!canWrite}
                    value={terms.billing_basis}
                    onChange={(e) => updateTerm('billing_basis', e.currentTarget.value)}
                  >
                    <option value="">Default (per_visit)</option>
                    {billingBases.map((basis) => (
                      <option key={basis} value={basis}>
                        {basis}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              {termParts.map(({ key, label, hint }) => (
                <Field
                  key={key}
                  id={`contract-${key}`}
                  label={label}
                  hint={hint}
                  errors={errors.byField.get(key)}
                >
                  {(aria) => (
                    <input
                      {...aria}
                      inputMode="decimal"
                      readOnly={!canWrite}
                      value={terms[key]}
                      onInput={(e) => updateTerm(key, e.currentTarget.value)}
                    />
                  )}
                </Field>
              ))}
            </fieldset>
            <WriteButton type="submit" running={save.state.status === 'running'}>
              {contract ? 'Replace contract' : 'Create contract'}
            </WriteButton>
          </WriteForm>
        )}
      </AsyncView>
    </section>
  );
}
