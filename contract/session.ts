import { z } from 'zod';
import { TOKEN_EXPIRED_MINUTES } from './constants';
import { QueryId } from './envelope';


const tokenMinutes = z.coerce.number().int().min(1).max(60 * 24 * 30).default(TOKEN_EXPIRED_MINUTES);

/** POST /api/user/login body. The user name is trimmed; orgBZ optionally names the org code. */
export const LoginBody = z.object({
  user: z.string().trim().min(1, 'user is required').max(64),
  password: z.string().min(1, 'password is required').max(128),
  orgBZ: z.string().trim().max(64).optional().default(''),
  tokenExpired: tokenMinutes,
});
export type LoginBody = z.input<typeof LoginBody>;

export const LoginQuery = z.object({ appId: QueryId.optional() });

/** `data` of a successful login or token refresh; `expiresAt` in epoch milliseconds. */
export const TokenResult = z.object({
  token: z.string(),
  expiresAt: z.number().int(),
  userId: z.number().int(),
  username: z.string(),
});
export type TokenResult = z.infer<typeof TokenResult>;

/** POST /api/user/refesh-token body (the path's spelling is the product's). */
export const RefreshTokenBody = z.object({
  token: z.string().min(1, 'token is required').max(256),
  tokenExpired: tokenMinutes,
});

/** `data` of GET /api/user/info: the user state of SPEC §3 (the token stays with the client). */
export const UserInfo = z.object({
  userId: z.number().int(),
  username: z.string(),
  nickName: z.string(),
  avatar: z.string(),
  rights: z.array(z.string()),
  orgId: z.number().int(),
  orgCode: z.string(),
  orgName: z.string(),
  orgType: z.number().int(),
  wxOpenId: z.string(),
  isGuest: z.boolean(),
  /**
   * The user sees all data and so may change the platform's shared records and switches
   * (catalogue, dictionaries, organisation types, guest mode, settings, licence, backups).
   */
  platform: z.boolean().optional(),
});
export type UserInfo = z.infer<typeof UserInfo>;

/** POST /api/user/info: the signed-in user edits their own profile. */
export const UpdateProfileBody = z
  .object({
    nickName: z.string().trim().min(1).max(64).optional(),
    avatar: z.string().trim().max(256).optional(),
    phone: z.string().trim().max(32).optional(),
    email: z.union([z.literal(''), z.string().trim().email().max(128)]).optional(),
  })
  .strict();

/** Password rule for new passwords: 8–64 characters with a letter and a digit. */
export const NewPassword = z
  .string()
  .min(8, 'password must be at least 8 characters')
  .max(64)
  .regex(/[A-Za-z]/, 'password must contain a letter')
  .regex(/\d/, 'password must contain a digit');

export const ChangePasswordBody = z.object({
  oldPassword: z.string().min(1, 'oldPassword is required').max(128),
  newPassword: NewPassword,
});

/** POST /api/user/login-test?password=<md5 hex>. */
export const LoginTestQuery = z.object({
  password: z.string().regex(/^[0-9a-fA-F]{32}$/, 'password must be an md5 hex digest'),
});

/** The user's personal settings (GET/POST /api/user/customSet): free JSON, bounded in size. */
export const CustomSet = z.record(z.string(), z.unknown());
export const CustomSetBody = z.object({ content: CustomSet });
export const CUSTOM_SET_MAX_BYTES = 64 * 1024;

/** `data` of GET /api/sys/info. */
export const SysInfo = z.object({
  name: z.string(),
  version: z.string(),
  copyright: z.string(),
  year: z.number().int(),
  guestEnabled: z.boolean(),
  /** Demo mode listening beyond this machine: the demo accounts (public passwords) are reachable. */
  demoExposed: z.boolean(),
});
export type SysInfo = z.infer<typeof SysInfo>;

/** An entry of GET /api/menu/all?type=app; children are built from parentId by the console. */
export const MenuItem = z.object({
  id: z.number().int(),
  parentId: z.number().int(),
  name: z.string(),
  title: z.string(),
  titleEn: z.string(),
  path: z.string(),
  icon: z.string(),
  order: z.number().int(),
  rightCode: z.string().nullable(),
  type: z.string(),
});
export type MenuItem = z.infer<typeof MenuItem>;
export const MenuList = z.array(MenuItem);

export const MenuQuery = z.object({ type: z.enum(['app', 'super']).default('app') });
