import type { Es2PlusOutcome } from '../../domain/esim/es2plus.ts';
import { es2plusProtocol } from '../../routes/es2plus.ts';

/**
 * SGP.22's answer (section 6.5.1.4): HTTP 200 with the function execution status. An unknown ICCID is
 * `Failed` with subject code 8.2.1 (Profile ICCID) and reason code 3.9 (Unknown).
 */
export function es2plusAnswer(outcome: Es2PlusOutcome) {
  const functionExecutionStatus =
    outcome.kind === 'applied'
      ? { status: 'Executed-Success' as const }
      : {
          status: 'Failed' as const,
          statusCodeData: {
            subjectCode: '8.2.1',
            reasonCode: '3.9',
            message: `ICCID ${outcome.iccid} is unknown.`,
          },
        };
  return {
    status: 200 as const,
    headers: { 'X-Admin-Protocol': es2plusProtocol },
    body: { header: { functionExecutionStatus } },
  };
}
