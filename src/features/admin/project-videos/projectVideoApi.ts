import type { ProjectVideo, SaveProjectVideoBody } from '../../../../contract/project-videos';
import { apiGet, request } from '../../../shared/http';

/** The calls of 关联视频 (server/routes/project-videos/, contract/project-videos.ts). */

export const fetchProjectVideos = (projectId: number, signal?: AbortSignal) =>
  apiGet<ProjectVideo[]>('/t_project_video/all', { projectId }, signal, { quietNotFound: true });

export const saveProjectVideo = (body: SaveProjectVideoBody) => request<ProjectVideo>('POST', '/t_project_video/save', { body, quietNotFound: true });

export const deleteProjectVideo = (id: number) => request<true>('POST', `/t_project_video/del/${id}`, { quietNotFound: true });
