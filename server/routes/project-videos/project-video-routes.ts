import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { IdParam } from '../../../contract/envelope';
import { ProjectVideo, ProjectVideoList, ProjectVideoQuery, SaveProjectVideoBody } from '../../../contract/project-videos';
import { Right } from '../../../contract/rights';
import type { AppDeps } from '../../deps';
import { badRequest, notFound } from '../../http/api-error';
import { endpoint } from '../../http/endpoint';
import { visibleProject } from '../telemetry/telemetry-repository';
import { ProjectVideoRepository } from './project-video-repository';

const WHAT = '视频通道';

/**
 * Camera channels of a project (t_project_video, issue 18 nv_associate_video): the list of a
 * project, save and delete. Reading needs project-preview, changing project-edit; every call is
 * limited to the projects in the caller's data scope (another project, or a channel of one, is
 * 404). Stream addresses are checked by contract/project-videos.ts (http/https .m3u8 or .mp4, no
 * credentials) and must come from the server's VIDEO_ORIGINS when it lists some; every change
 * commits with its audit line.
 */
export function registerProjectVideoRoutes(app: FastifyInstance, { db, config }: AppDeps): void {
  const videos = new ProjectVideoRepository(db);
  /** With VIDEO_ORIGINS set, the console's content security policy plays only those origins. */
  const allowedOrigin = (url: string) => !Array.isArray(config.videoOrigins) || config.videoOrigins.includes(new URL(url).origin);

  endpoint(app, db, {
    method: 'GET', url: '/t_project_video/all', access: Right.ProjectPreview, query: ProjectVideoQuery, response: ProjectVideoList,
    async handler({ user, query }) {
      return videos.list(await visibleProject(db, user, query.projectId));
    },
  });

  endpoint(app, db, {
    method: 'POST', url: '/t_project_video/save', access: Right.ProjectEdit, tenancy: 'subtree', body: SaveProjectVideoBody, response: ProjectVideo,
    async handler({ user, body, req }) {
      if (!allowedOrigin(body.streamUrl)) {
        throw badRequest(`body.streamUrl: 服务器只允许播放这些来源的视频流（VIDEO_ORIGINS）：${(config.videoOrigins as string[]).join('，')}`);
      }
      const projectId = await visibleProject(db, user, body.projectId);
      const before = body.id === undefined ? null : (await videos.findVisible(user, body.id)) ?? null;
      if (body.id !== undefined && !before) throw notFound(WHAT);
      if (before && before.projectId !== projectId) throw badRequest('body.projectId: 视频通道不能移到其他项目');
      const id = await videos.save({ user, ip: req.ip }, {
        projectId, name: body.name, streamUrl: body.streamUrl, sortOrder: body.sortOrder,
      }, before, body.version);
      await app.videoOrigins.refresh();
      return (await videos.findVisible(user, id))!;
    },
  });

  endpoint(app, db, {
    method: 'POST', url: '/t_project_video/del/:id', access: Right.ProjectEdit, tenancy: 'subtree', params: IdParam, response: z.literal(true),
    async handler({ user, params, req }) {
      const video = await videos.findVisible(user, params.id);
      if (!video) throw notFound(WHAT);
      await videos.delete({ user, ip: req.ip }, video);
      await app.videoOrigins.refresh();
      return true as const;
    },
  });
}
