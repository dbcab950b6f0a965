import { useState } from 'preact/hooks';
import type { Account } from '../../api/types.ts';
import { useConsole } from '../../context.ts';
import { Field, WriteButton } from '../../ui/components.tsx';
import { FormErrors, useFieldErrors } from '../../ui/FormErrors.tsx';
import { useAction } from '../../ui/hooks.ts';

export function ManagersSection({ account }: { account: Account }) {
  const { api, announce } = useConsole();
  const [employeeId, setEmployeeId] = useState('');
  const [added, setAdded] = useState<string[]>([]);
  const assign = useAction(async (id: string) => {
    const result = await api.addManager(account.account_id, id);
    setAdded((list) => [...list, id]);
    setEmployeeId('');
    announce(`${id} now manages ${account.name}.`);
    return result;
  });
  const errors = useFieldErrors(assign.state, ['employee_id']);
  const managers = [...(account.managers ?? []), ...added];
  return (
    <section aria-labelledby="managers">
      <h2 id="managers" tabIndex={-1}>
        Managers
      </h2>
      {managers.length > 0 ? (
        <ul>
          {managers.map((id) => (
            <li key={id}>
              <code>{id}</code>
            </li>
          ))}
        </ul>
      ) : (
        <p>No managers listed for this account.</p>
      )}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void assign.run(employeeId.trim());
        }}
        noValidate
      >
        <FormErrors state={assign.state} errors={errors.unassigned} />
        <Field id="manager-employee" label="Employee id" errors={errors.byField.get('employee_id')}>
          {(aria) => (
            <input
              {...aria}
              type="text"
              value={employeeId}
              onInput={(e) => setEmployeeId(e.currentTarget.value)}
            />
          )}
        </Field>
        <WriteButton type="submit" running={assign.state.status === 'running'}>
          Assign manager
        </WriteButton>
      </form>
    </section>
  );
}
