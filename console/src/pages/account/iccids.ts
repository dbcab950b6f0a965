import { validationErrors } from '../../api/problem.ts';
import type { ActionState } from '../../ui/hooks.ts';

/** Splits pasted or uploaded ICCIDs (lines, commas, semicolons, spaces); drops duplicates and a CSV header. */
export function parseIccidList(text: string): { iccids: string[]; duplicates: number } {
  const tokens = text
    .split(/[\s,;]+/)
    .map((token) => token.replace(/^"|"$/g, '').trim())
    .filter((token) => token !== '' && token.toLowerCase() !== 'iccid');
  const unique = [...new Set(tokens)];
  return { iccids: unique, duplicates: tokens.length - unique.length };
}

/** `body.iccids.3` names a position: say which ICCID that was, so the person can find it in the list. */
export function describeIccidErrors(
  messages: readonly string[] | undefined,
  state: ActionState<unknown>,
  sent: readonly string[],
): string[] | undefined {
  if (!messages || state.status !== 'error') return messages ? [...messages] : undefined;
  const described = validationErrors(state.problem).flatMap((error) => {
    const match = /^body\.iccids(?:\.(\d+))?$/.exec(error.path);
    if (!match) return [];
    if (match[1] === undefined) return [error.message];
    const index = Number(match[1]);
    return [`ICCID ${index + 1} (${sent[index] ?? 'unknown'}): ${error.message}`];
  });
  return described.length > 0 ? described : [...messages];
}
