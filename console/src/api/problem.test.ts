import { describe, expect, it } from 'vitest';
import {
  assignFieldErrors,
  bodyFieldPath,
  type Problem,
  ProblemError,
  problemMessage,
  toProblem,
  validationErrors,
} from './problem.ts';

const validation: Problem = {
  code: 'ValidationError',
  title: 'Validation failed',
  status: 422,
  detail: 'The request has 4 problems',
  details: {
    errors: [
      { path: 'body.name.en-US', message: 'Required' },
      { path: 'body.amenity_ids.3', message: 'Unknown amenity' },
      { path: 'body.location.coordinates.latitude', message: 'At most 90' },
      { path: 'query.limit', message: 'At most 200' },
      { path: 'body.unknown_field', message: 'Unrecognized key' },
      { message: 'no path' },
    ],
  },
};

describe('problems from the API', () => {
  it('keep a problem body as the API sent it, with its request id', () => {
    const problem = toProblem(
      409,
      {
        code: 'ContractAlreadyExists',
        title: 'Contract already exists',
        status: 409,
        detail: 'This account has a contract',
        instance: '/api/v1/admin/accounts/a/contract',
        request_id: 'req-1',
      },
      'header-id',
    );

    expect(problem).toEqual({
      code: 'ContractAlreadyExists',
      title: 'Contract already exists',
      status: 409,
      detail: 'This account has a contract',
      instance: '/api/v1/admin/accounts/a/contract',
      request_id: 'req-1',
    });
    expect(problemMessage(problem)).toBe('This account has a contract');
  });

  it('turn an OAuth error answer into a problem that shows its description', () => {
    const problem = toProblem(
      400,
      { error: 'invalid_grant', error_description: 'The code was used' },
      'req-2',
    );

    expect(problem).toMatchObject({
      code: 'invalid_grant',
      status: 400,
      detail: 'The code was used',
      request_id: 'req-2',
    });
  });

  it('turn a body that is not JSON into a problem named after the status', () => {
    expect(toProblem(502, undefined, null)).toMatchObject({ code: 'InternalError', status: 502 });
    expect(toProblem(404, '<html>', 'req-3')).toMatchObject({
      code: 'UnexpectedResponse',
      title: 'Unexpected answer (HTTP 404)',
      request_id: 'req-3',
    });
  });

  it('show the title when the problem has no detail', () => {
    expect(problemMessage({ code: 'Forbidden', title: 'Forbidden', status: 403 })).toBe('Forbidden');
    expect(
      new ProblemError({ code: 'Forbidden', title: 'Forbidden', status: 403, detail: ' ' }).message,
    ).toBe('Forbidden');
  });
});

describe('validation errors at form fields', () => {
  it('read only well-formed entries of details.errors', () => {
    expect(validationErrors(validation)).toHaveLength(5);
    expect(validationErrors({ code: 'X', title: 'X', status: 422, details: { errors: 'nope' } })).toEqual([]);
  });

  it('name form fields by the path inside the body', () => {
    expect(bodyFieldPath('body.name.en-US')).toBe('name.en-US');
    expect(bodyFieldPath('body')).toBe('');
    expect(bodyFieldPath('query.limit')).toBeUndefined();
  });

  it('land each error at the deepest field that is the path or a parent of it', () => {
    const assigned = assignFieldErrors(validationErrors(validation), [
      'name',
      'name.en-US',
      'amenity_ids',
      'location.coordinates.latitude',
      'location',
    ]);

    expect(Object.fromEntries(assigned.byField)).toEqual({
      'name.en-US': ['Required'],
      amenity_ids: ['Unknown amenity'],
      'location.coordinates.latitude': ['At most 90'],
    });
    expect(assigned.unassigned.map((error) => error.path)).toEqual(['query.limit', 'body.unknown_field']);
  });

  it('never matches a field whose name is only a prefix of another field', () => {
    const assigned = assignFieldErrors([{ path: 'body.name_ru', message: 'Too long' }], ['name']);

    expect(assigned.byField.size).toBe(0);
    expect(assigned.unassigned).toHaveLength(1);
  });

  it('collect several messages for one field', () => {
    const assigned = assignFieldErrors(
      [
        { path: 'body.iccids.0', message: 'Bad checksum' },
        { path: 'body.iccids.4', message: 'Too short' },
      ],
      ['iccids'],
    );

    expect(assigned.byField.get('iccids')).toEqual(['Bad checksum', 'Too short']);
  });
});
