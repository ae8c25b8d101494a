import { z } from 'zod';
import { Id, QueryId } from './envelope';

/**
 * Camera channels of a project (`t_project_video`, issue 18 nv_associate_video): a name and the
 * address of its stream, an HLS playlist (.m3u8) or an MP4 file over http(s). The console plays
 * them in the page; the server only stores and checks the address.
 */

/** Most channels one project holds. */
export const MAX_PROJECT_VIDEOS = 64;
/** Longest stream address, in characters. */
export const STREAM_URL_MAX = 2048;

export type StreamKind = 'hls' | 'mp4';

/** What the address plays as, by its path's extension: `.m3u8` is HLS, `.mp4` plays natively. */
export function streamKind(url: string): StreamKind | null {
  let path: string;
  try {
    path = new URL(url).pathname.toLowerCase();
  } catch {
    return null;
  }
  if (path.endsWith('.m3u8')) return 'hls';
  if (path.endsWith('.mp4')) return 'mp4';
  return null;
}

/** What can be wrong with a stream address (the console words each in the user's language). */
export type StreamUrlIssue = 'required' | 'tooLong' | 'spaces' | 'invalid' | 'protocol' | 'credentials' | 'kind';

/** The server's words for each issue (SPEC's error texts are Chinese). */
export const STREAM_URL_MESSAGES: Record<StreamUrlIssue, string> = {
  required: '请填写视频流地址',
  tooLong: `视频流地址最长 ${STREAM_URL_MAX} 个字符`,
  spaces: '视频流地址不能包含空格或控制字符',
  invalid: '视频流地址无效：应为 http:// 或 https:// 开头的完整地址',
  protocol: '视频流地址只支持 http 或 https 协议',
  credentials: '视频流地址不能包含用户名或密码（user:password@），请改用不带凭据的播放地址',
  kind: '视频流地址应为 HLS 播放列表（.m3u8）或 MP4 文件（.mp4）',
};

/**
 * What is wrong with `raw` as a stream address we store, or null when nothing is: it must be an
 * absolute http or https address of an HLS playlist (.m3u8) or an MP4 file, without credentials (a
 * user name or password in the address would be shown to every viewer of the project and written
 * to logs), without spaces or control characters. Shared by the server's check and the console's form.
 */
export function streamUrlIssue(raw: string): StreamUrlIssue | null {
  const value = raw.trim();
  if (!value) return 'required';
  if (value.length > STREAM_URL_MAX) return 'tooLong';
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (/[\s\u0000-\u001f\u007f]/.test(value)) return 'spaces';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'invalid';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'protocol';
  if (url.username || url.password || /^[a-z]+:\/\/[^/?#]*@/i.test(value)) return 'credentials';
  if (!url.hostname) return 'invalid';
  if (!streamKind(value)) return 'kind';
  return null;
}

/** A stream address as the server stores it (trimmed), or the problem naming what is wrong. */
export const StreamUrl = z.string().max(STREAM_URL_MAX * 2).transform((s) => s.trim()).superRefine((value, ctx) => {
  const issue = streamUrlIssue(value);
  if (issue) ctx.addIssue({ code: 'custom', message: STREAM_URL_MESSAGES[issue] });
});

/** One camera channel of a project. */
export const ProjectVideo = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  name: z.string(),
  streamUrl: z.string(),
  /** Position in the project's grid, ascending (ties by id). */
  sortOrder: z.number().int(),
  version: z.number().int(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type ProjectVideo = z.infer<typeof ProjectVideo>;
export const ProjectVideoList = z.array(ProjectVideo);

/** `?projectId=` of GET /api/t_project_video/all. */
export const ProjectVideoQuery = z.object({ projectId: QueryId });

/**
 * POST /api/t_project_video/save: a new channel (no id) or a change of one (`id` with the
 * `version` it was read at; an older version answers 409). A channel stays in its project.
 */
export const SaveProjectVideoBody = z.object({
  id: Id.optional(),
  version: z.number().int().min(1).optional(),
  projectId: Id,
  name: z.string().trim().min(1, '请填写通道名称').max(64, '通道名称最长 64 个字符'),
  streamUrl: StreamUrl,
  sortOrder: z.number().int().min(0).max(9999).default(0),
}).refine((b) => b.id === undefined || b.version !== undefined, { message: '修改通道时须带上读取时的 version', path: ['version'] });
export type SaveProjectVideoBody = z.input<typeof SaveProjectVideoBody>;
