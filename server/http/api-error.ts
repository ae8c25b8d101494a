/**
 * An error the caller should see: HTTP status plus a message for the envelope's `error`, and
 * rarely `data` beside it (every problem of a batch, where one message cannot hold them all).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly requireLogin = false,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new ApiError(400, message);
export const notFound = (what: string) => new ApiError(404, `${what}不存在`);
export const forbidden = (message = '没有权限') => new ApiError(403, message);
export const conflict = (message: string) => new ApiError(409, message);

/** Texts of the session errors (SPEC §8 for the timeout toast). */
export const NOT_SIGNED_IN = '未登录或令牌无效';
export const SESSION_TIMEOUT = '登录超时，请重新登录！';
/** What a guest (游客访问) hears when it tries to change something. */
export const GUEST_READ_ONLY = '游客只能查看，不能修改';
/** A video wall's display token calling what a wall does not show (issue 23). */
/** A write to the platform's shared records or switches by a caller who does not see all data (DESIGN "Tenancy"). */
export const PLATFORM_ONLY = '只有平台管理员（可查看全部数据的用户）可以修改平台共享的数据和开关';
export const DISPLAY_REFUSED = '显示令牌只能用于视频墙的显示';
