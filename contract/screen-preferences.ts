import { z } from 'zod';

/** The key of the user's personal settings (GET/POST /api/user/customSet) that holds these. */
export const SCREEN_PREFERENCES_KEY = 'screen';
export const ROTATE_MIN_SECONDS = 10;
export const ROTATE_MAX_SECONDS = 3600;

/** The wall's colour theme: dark for control rooms (the default), light for lobbies and bright rooms. */
export const WallThemeName = z.enum(['dark', 'light']);
export type WallThemeName = z.infer<typeof WallThemeName>;

/**
 * A user's own big-screen defaults (/nv_personal_config): which template /monitor opens when the
 * address names none (null: the organisation's active one), and whether it rotates through the
 * templates the user can see (0: no rotation), and in which wall theme.
 */
export const ScreenPreferences = z.strictObject({
  templateId: z.number().int().positive().nullable().default(null),
  rotateSeconds: z.union([z.literal(0), z.number().int().min(ROTATE_MIN_SECONDS).max(ROTATE_MAX_SECONDS)]).default(0),
  wallTheme: WallThemeName.default('dark'),
});
export type ScreenPreferences = z.infer<typeof ScreenPreferences>;

/** The preferences inside a customSet document; missing or malformed ones give the defaults. */
export function screenPreferencesOf(customSet: unknown): ScreenPreferences {
  const value = customSet && typeof customSet === 'object' ? (customSet as Record<string, unknown>)[SCREEN_PREFERENCES_KEY] : undefined;
  const parsed = ScreenPreferences.safeParse(value ?? {});
  return parsed.success ? parsed.data : ScreenPreferences.parse({});
}
