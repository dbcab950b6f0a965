import { type FieldError, ValidationError } from '../domain/errors.ts';
import * as z from '../schemas/zod.ts';

export function fieldErrors(error: z.core.$ZodError, prefix: string): FieldError[] {
  return error.issues.map((issue) => {
    const path = [prefix, ...issue.path.map(String)].filter(Boolean).join('.');
    if (issue.code === 'unrecognized_keys') {
      return { path, message: `Unknown field(s): ${issue.keys.join(', ')}` };
    }
    return { path: path || prefix, message: issue.message };
  });
}

/** Parses one part of a request (body, query, path, headers) or throws a 422 that names every bad field. */
export function parsePart<T extends z.core.$ZodType>(schema: T, value: unknown, part: string): z.output<T> {
  const result = z.safeParse(schema, value);
  if (result.success) return result.data;
  throw new ValidationError(`The request ${part} is not valid.`, fieldErrors(result.error, part));
}

/** What is wrong with a value its schema refuses, or undefined when it parses. */
export function schemaBreach(schema: z.core.$ZodType, value: unknown): string | undefined {
  const result = z.safeParse(schema, value);
  return result.success ? undefined : result.error.message;
}
