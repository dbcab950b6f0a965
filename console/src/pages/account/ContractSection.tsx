import { useEffect, useState } from 'preact/hooks';
import { ProblemError } from '../../api/problem.ts';
import type { Contract } from '../../api/types.ts';
import { useConsole } from '../../context.ts';
import { AsyncView, Field, WriteButton } from '../../ui/components.tsx';
import { FormErrors, useFieldErrors } from '../../ui/FormErrors.tsx';
import { useAction, useAsync } from '../../ui/hooks.ts';
import { contractFromDrafts, contractParts, type SelectionDraft, selectionToDraft } from './contract-form.ts';

type Drafts = Record<keyof Contract, SelectionDraft>;

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
  useEffect(() => setDrafts(draftsOf(existing ?? undefined)), [existing]);

  const save = useAction(async (contract: Contract) => {
    const saved = existing
      ? await api.replaceContract(accountId, contract)
      : await api.createContract(accountId, contract);
    current.setState({ status: 'ready', data: saved });
    announce(existing ? 'Contract replaced.' : 'Contract created.');
    return saved;
  });
  const errors = useFieldErrors(
    save.state,
    contractParts.map((part) => part.key),
  );
  const update = (key: keyof Contract, change: Partial<SelectionDraft>) =>
    setDrafts((all) => ({ ...all, [key]: { ...all[key], ...change } }));

  return (
    <section aria-labelledby="contract">
      <h2 id="contract" tabIndex={-1}>
        Contract
      </h2>
      <AsyncView state={current.state} label="the contract" onRetry={current.reload}>
        {(contract) => (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void save.run(contractFromDrafts(drafts));
            }}
            noValidate
          >
            <p>
              {contract
                ? 'What this account may sell:'
                : 'This account has no contract yet; it sees no catalog item.'}
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
            <WriteButton type="submit" running={save.state.status === 'running'}>
              {contract ? 'Replace contract' : 'Create contract'}
            </WriteButton>
          </form>
        )}
      </AsyncView>
    </section>
  );
}
