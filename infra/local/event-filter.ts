/**
 * Lambda event filtering (the EventBridge pattern subset Lambda documents for DynamoDB and SQS
 * sources): a record passes when every key of the pattern matches; a list of matchers matches when any
 * does; a record field that is an array matches when any element does. Patterns are plain JSON, so CDK
 * can pass the same object to `FilterCriteria.filter`.
 */
export type FilterMatcher =
  | string
  | number
  | boolean
  | null
  | { prefix: string }
  | { suffix: string }
  | { exists: boolean }
  | { 'anything-but': string | number | readonly (string | number)[] };

export interface FilterPattern {
  readonly [key: string]: FilterPattern | readonly FilterMatcher[];
}

function matchesValue(matcher: FilterMatcher, value: unknown, present: boolean): boolean {
  if (matcher === null || typeof matcher !== 'object') return present && value === matcher;
  if ('exists' in matcher) return matcher.exists === present;
  if (!present) return false;
  if ('prefix' in matcher) return typeof value === 'string' && value.startsWith(matcher.prefix);
  if ('suffix' in matcher) return typeof value === 'string' && value.endsWith(matcher.suffix);
  const excluded = matcher['anything-but'];
  return !(Array.isArray(excluded) ? excluded : [excluded]).includes(value as string | number);
}

function matchesList(matchers: readonly FilterMatcher[], value: unknown, present: boolean): boolean {
  const candidates = Array.isArray(value) ? value : [value];
  return matchers.some((matcher) =>
    typeof matcher === 'object' && matcher !== null && 'exists' in matcher
      ? matchesValue(matcher, value, present)
      : candidates.some((candidate) => matchesValue(matcher, candidate, present)),
  );
}

export function matchesPattern(pattern: FilterPattern, record: unknown): boolean {
  const fields = record !== null && typeof record === 'object' ? (record as Record<string, unknown>) : {};
  return Object.entries(pattern).every(([key, expected]) => {
    const present = key in fields && fields[key] !== undefined;
    if (Array.isArray(expected))
      return matchesList(expected as readonly FilterMatcher[], fields[key], present);
    return present && matchesPattern(expected as FilterPattern, fields[key]);
  });
}

/** No patterns: everything passes; several: any may match (Lambda ORs the filters of a mapping). */
export function passesFilters(patterns: readonly FilterPattern[] | undefined, record: unknown): boolean {
  return !patterns || patterns.length === 0 || patterns.some((pattern) => matchesPattern(pattern, record));
}
