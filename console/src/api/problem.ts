/**
 * RFC 9457 problems as the console shows them: `detail` (else `title`) to the person, and the
 * validation errors of a 422 (`details.errors: [{path, message}]`) at the form fields they name.
 */
export interface Problem {
  code: string;
  title: string;
  status: number;
  detail?: string;
  instance?: string;
  request_id?: string;
  details?: Record<string, unknown>;
}

export interface FieldError {
  path: string;
  message: string;
}

export class ProblemError extends Error {
  override name = 'ProblemError';
  constructor(readonly problem: Problem) {
    super(problemMessage(problem));
  }
}

export function problemMessage(problem: Problem): string {
  return problem.detail?.trim() || problem.title;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Turns any error answer into a problem: a real problem body as it is; an OAuth error
 * (`{error, error_description}`) or a body that is no JSON at all (a proxy's HTML page) into a
 * problem with the HTTP status, so the person always reads something.
 */
export function toProblem(status: number, body: unknown, requestId?: string | null): Problem {
  const fallbackRequestId = requestId ?? undefined;
  if (isRecord(body) && typeof body.code === 'string' && typeof body.title === 'string') {
    return {
      code: body.code,
      title: body.title,
      status: typeof body.status === 'number' ? body.status : status,
      ...(typeof body.detail === 'string' ? { detail: body.detail } : {}),
      ...(typeof body.instance === 'string' ? { instance: body.instance } : {}),
      ...(typeof body.request_id === 'string'
        ? { request_id: body.request_id }
        : fallbackRequestId
          ? { request_id: fallbackRequestId }
          : {}),
      ...(isRecord(body.details) ? { details: body.details } : {}),
    };
  }
  if (isRecord(body) && typeof body.error === 'string') {
    return {
      code: body.error,
      title: 'The request was refused',
      status,
      ...(typeof body.error_description === 'string' ? { detail: body.error_description } : {}),
      ...(fallbackRequestId ? { request_id: fallbackRequestId } : {}),
    };
  }
  return {
    code: status >= 500 ? 'InternalError' : 'UnexpectedResponse',
    title: status >= 500 ? 'The service failed to answer' : `Unexpected answer (HTTP ${status})`,
    status,
    ...(fallbackRequestId ? { request_id: fallbackRequestId } : {}),
  };
}

export const networkProblem: Problem = {
  code: 'NetworkError',
  title: 'The admin API could not be reached',
  detail: 'Check the network connection and try again.',
  status: 0,
};

export function validationErrors(problem: Problem): FieldError[] {
  const errors = problem.details?.errors;
  if (!Array.isArray(errors)) return [];
  return errors.flatMap((entry) =>
    isRecord(entry) && typeof entry.path === 'string' && typeof entry.message === 'string'
      ? [{ path: entry.path, message: entry.message }]
      : [],
  );
}

/** `body.name.en-US` -> `name.en-US`: forms name their fields by the path inside the request body. */
export function bodyFieldPath(errorPath: string): string | undefined {
  if (errorPath === 'body') return '';
  return errorPath.startsWith('body.') ? errorPath.slice('body.'.length) : undefined;
}

export interface AssignedFieldErrors {
  /** Messages per form field path. */
  byField: Map<string, string[]>;
  /** Errors no field of the form shows (listed in the form's error summary only). */
  unassigned: FieldError[];
}

/**
 * Places each validation error at the deepest form field whose path is the error's path or a parent
 * of it (`amenity_ids.3` lands on the `amenity_ids` field); the rest stays for the form's summary.
 */
export function assignFieldErrors(
  errors: readonly FieldError[],
  fieldPaths: readonly string[],
): AssignedFieldErrors {
  const byField = new Map<string, string[]>();
  const unassigned: FieldError[] = [];
  for (const error of errors) {
    const path = bodyFieldPath(error.path);
    const field =
      path === undefined
        ? undefined
        : fieldPaths
            .filter(
              (candidate) => candidate !== '' && (path === candidate || path.startsWith(`${candidate}.`)),
            )
            .sort((a, b) => b.length - a.length)[0];
    if (field === undefined) {
      unassigned.push(error);
    } else {
      byField.set(field, [...(byField.get(field) ?? []), error.message]);
    }
  }
  return { byField, unassigned };
}
