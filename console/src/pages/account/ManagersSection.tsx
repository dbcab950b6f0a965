import { useState } from 'preact/hooks';
import type { Account } from '../../api/types.ts';
import { useConsole } from '../../context.ts';
import { AsyncView, DateTime, Field, ScrollRegion, WriteButton, WriteForm } from '../../ui/components.tsx';
import { FormErrors, useFieldErrors } from '../../ui/FormErrors.tsx';
import { useAction, useAsync } from '../../ui/hooks.ts';

export function ManagersSection({ account }: { account: Account }) {
  const { api, announce } = useConsole();
  const managers = useAsync(
    () => api.listManagers(account.account_id, { limit: 100 }),
    [api, account.account_id],
  );
  const [employeeId, setEmployeeId] = useState('');
  const assign = useAction(async (id: string) => {
    const result = await api.addManager(account.account_id, id);
    setEmployeeId('');
    announce(`${id} now manages ${account.name}.`);
    managers.reload();
    return result;
  });
  const errors = useFieldErrors(assign.state, ['employee_id']);
  return (
    <section aria-labelledby="managers">
      <h2 id="managers" tabIndex={-1}>
        Managers
      </h2>
      <AsyncView state={managers.state} label="the account managers" onRetry={managers.reload}>
        {(page) =>
          page.data.length === 0 ? (
            <p>No employee manages this account yet.</p>
          ) : (
            <ScrollRegion label="Managers table">
              <table>
                <thead>
                  <tr>
                    <th scope="col">Employee</th>
                    <th scope="col">Assigned</th>
                    <th scope="col">Assigned by</th>
                  </tr>
                </thead>
                <tbody>
                  {page.data.map((manager) => (
                    <tr key={manager.employee_id}>
                      <th scope="row">
                        <code>{manager.employee_id}</code>
                      </th>
                      <td>
                        <DateTime value={manager.assigned_at} />
                      </td>
                      <td>
                        <code>{manager.assigned_by}</code>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          )
        }
      </AsyncView>
      <WriteForm
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
      </WriteForm>
    </section>
  );
}
