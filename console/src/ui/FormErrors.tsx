import { useMemo } from 'preact/hooks';
import { assignFieldErrors, type FieldError, validationErrors } from '../api/problem.ts';
import { ProblemAlert } from './components.tsx';
import type { ActionState } from './hooks.ts';

/** The validation errors of a failed submit, placed at the form's fields (the rest for the summary). */
export function useFieldErrors(state: ActionState<unknown>, fieldPaths: readonly string[]) {
  const key = fieldPaths.join('|');
  return useMemo(
    () =>
      state.status === 'error'
        ? assignFieldErrors(validationErrors(state.problem), fieldPaths)
        : { byField: new Map<string, string[]>(), unassigned: [] as FieldError[] },
    [state, key],
  );
}

/** The problem of a failed submit, with the validation errors no field shows listed under it. */
export function FormErrors({
  state,
  errors,
}: {
  state: ActionState<unknown>;
  errors: readonly FieldError[];
}) {
  if (state.status !== 'error') return null;
  return (
    <div class="form-errors">
      <ProblemAlert problem={state.problem} />
      {errors.length > 0 && (
        <ul aria-label="Other problems">
          {errors.map((error) => (
            <li key={`${error.path}:${error.message}`}>
              <code>{error.path}</code>: {error.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
