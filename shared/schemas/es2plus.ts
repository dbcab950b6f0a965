import { reportedStates } from '../domain/esim/profile.ts';
import { iccidSchema } from './esim.ts';
import * as z from './zod.ts';

/**
 * GSMA SGP.22 ES2+ (the SM-DP+ calling the operator, section 5.3), `HandleDownloadProgressInfo`: the
 * JSON binding of SGP.22 section 6.5. Unknown fields are kept out of the way, not refused: the
 * SM-DP+ may send optional fields of later versions (resultData, imei).
 */
const es2plusRequestHeaderSchema = z
  .object({
    functionRequesterIdentifier: z
      .string()
      .check(z.minLength(1), z.maxLength(256))
      .register(z.globalRegistry, {
        description: 'Who calls: the SM-DP+ identifier',
      }),
    functionCallIdentifier: z.string().check(z.minLength(1), z.maxLength(256)).register(z.globalRegistry, {
      description: 'Unique per call of the SM-DP+: a replay of one identifier changes nothing',
    }),
  })
  .register(z.globalRegistry, { id: 'Es2PlusRequestHeader' });

export const handleDownloadProgressInfoRequestSchema = z
  .object({
    header: es2plusRequestHeaderSchema,
    eid: z.optional(z.string().check(z.regex(/^[0-9]{32}$/))).register(z.globalRegistry, {
      description: 'The eUICC the profile goes to: 32 digits',
    }),
    iccid: iccidSchema,
    profileType: z.string().check(z.maxLength(256)),
    timestamp: z.string().check(z.maxLength(64)).register(z.globalRegistry, {
      description: 'When the notification point was reached, as the SM-DP+ writes it',
    }),
    notificationPointId: z.int().check(z.minimum(1), z.maximum(255)).register(z.globalRegistry, {
      description:
        '3 BPP download, 4 BPP installation, 5 enabled, 6 disabled, 7 deleted; others change nothing',
    }),
    notificationPointStatus: z.object({
      status: z.string().check(z.minLength(1), z.maxLength(64)).register(z.globalRegistry, {
        description: '`Executed-Success` moves the profile; any other status changes nothing',
      }),
      statusCodeData: z.optional(z.record(z.string(), z.unknown())),
    }),
    resultData: z.optional(z.string().check(z.maxLength(4096))),
  })
  .register(z.globalRegistry, { id: 'HandleDownloadProgressInfoRequest' });

export const es2plusHeaders = z.object({
  'x-admin-protocol': z
    .string()
    .check(z.regex(/^gsma\/rsp\/v2\.\d+\.\d+$/))
    .register(z.globalRegistry, { description: 'SGP.22 requires it on every ES2+ call: gsma/rsp/v2.x.y' }),
});

/** SGP.22's FunctionExecutionStatus: `Executed-Success`, or `Failed` with the subject and reason codes. */
export const es2plusResponseSchema = z
  .object({
    header: z.object({
      functionExecutionStatus: z.object({
        status: z.enum(['Executed-Success', 'Failed']),
        statusCodeData: z.optional(
          z.object({ subjectCode: z.string(), reasonCode: z.string(), message: z.string() }),
        ),
      }),
    }),
  })
  .register(z.globalRegistry, { id: 'Es2PlusResponse' });

/** The local simulated SM-DP+, through the sandbox (never in prod). */
export const esimProfileSimulationRequestSchema = z
  .strictObject({
    iccid: iccidSchema,
    state: z.enum(reportedStates),
  })
  .register(z.globalRegistry, { id: 'EsimProfileSimulationRequest' });
