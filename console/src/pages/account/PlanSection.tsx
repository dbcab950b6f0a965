import { useState } from 'preact/hooks';
import { type Account, type Plan, plans } from '../../api/types.ts';
import { useConsole } from '../../context.ts';
import { Field, WriteButton } from '../../ui/components.tsx';
import { FormErrors, useFieldErrors } from '../../ui/FormErrors.tsx';
import { useAction } from '../../ui/hooks.ts';

export function PlanSection({
  account,
  onChanged,
}: {
  account: Account;
  onChanged: (account: Account) => void;
}) {
  const { api, announce, canWrite } = useConsole();
  const [plan, setPlan] = useState<Plan>(account.plan ?? 'standard');
  const save = useAction(async (chosen: Plan) => {
    const changed = await api.setPlan(account.account_id, chosen);
    onChanged({ ...changed, plan: changed.plan ?? chosen });
    announce(`Plan set to ${chosen}.`);
    return changed;
  });
  const errors = useFieldErrors(save.state, ['plan']);
  return (
    <section aria-labelledby="plan">
      <h2 id="plan" tabIndex={-1}>
        Plan
      </h2>
      <p>
        Current plan: <strong>{account.plan ?? 'not reported by the API'}</strong>. The plan sets the request
        rate, burst and daily quota.
      </p>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void save.run(plan);
        }}
      >
        <FormErrors state={save.state} errors={errors.unassigned} />
        <Field id="plan-select" label="Plan" errors={errors.byField.get('plan')}>
          {(aria) => (
            <select
              {...aria}
              value={plan}
              disabled={!canWrite}
              onChange={(e) => setPlan(e.currentTarget.value as Plan)}
            >
              {plans.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <WriteButton type="submit" running={save.state.status === 'running'}>
          Set plan
        </WriteButton>
      </form>
    </section>
  );
}
