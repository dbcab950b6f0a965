import { esimStore } from '../../shared/db/entities/esim.ts';
import { iccidPool } from '../../shared/db/entities/esim-pool.ts';
import { handleDownloadProgressInfo } from '../../shared/domain/esim/es2plus.ts';
import { createApiHandler } from '../../shared/http/pipeline/index.ts';
import { es2plusAnswer } from '../../shared/http/views/es2plus.ts';
import { es2plusRoutes } from '../../shared/routes/es2plus.ts';

const ports = { esims: esimStore, pool: iccidPool };

/** GSMA SGP.22 ES2+ from the SM-DP+ on {es2plus_url} (docs/esim.md, Profile state). */
export const handler = createApiHandler(es2plusRoutes, {
  handleDownloadProgressInfo: async ({ body, now, uow }) =>
    es2plusAnswer(
      await handleDownloadProgressInfo(
        { ...ports, uow },
        {
          iccid: body.iccid,
          functionCallIdentifier: body.header.functionCallIdentifier,
          notificationPointId: body.notificationPointId,
          status: body.notificationPointStatus.status,
          eid: body.eid,
          now,
        },
      ),
    ),
});
