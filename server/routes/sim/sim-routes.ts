import type { FastifyInstance } from 'fastify';
import { Right } from '../../../contract/rights';
import { HazeDrill, HazeDrillResult } from '../../../contract/sim-drills';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../http/api-error';
import { endpoint } from '../../http/endpoint';
import { auditLog } from '../../logs/audit-log';
import { visibleProject } from '../telemetry/telemetry-repository';

/** Drills on the demo server's simulator (contract/sim-drills.ts). */
export function registerSimRoutes(app: FastifyInstance, { db, drills }: AppDeps): void {
  endpoint(app, db, {
    method: 'POST', url: '/sim/drill/haze', access: Right.DeviceEdit, tenancy: 'subtree', body: HazeDrill, response: HazeDrillResult,
    handler: async ({ user, body, req }) => {
      if (!drills?.running) throw new ApiError(404, '演示模拟器未运行：只有演示服务器能做演练');
      const projectId = await visibleProject(db, user, body.projectId);
      const haze = drills.haze(projectId, body.minutes, body.level);
      if (!haze) throw new ApiError(400, 'body.projectId: 该项目没有模拟设备');
      await auditLog(db, {
        userId: user.id, username: user.username, action: 'edit', target: 'sim-drill', ip: req.ip,
        detail: `演练：模拟雾霾，项目 #${projectId}，PM2.5 ×${haze.level}，持续 ${body.minutes} 分钟`,
      });
      return { projectId, ...haze };
    },
  });
}
