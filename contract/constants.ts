/**
 * Business constants of SPEC §9 that the console, the server and the kiosk share. No zod here:
 * the console imports this file into its smallest bundle (the login page).
 */

/** How a project map draws China: AMap online, the built-in offline map, or AMap with the offline map as fallback. */
export const MAP_MODES = ['auto', 'amap', 'offline'] as const;
export type MapMode = (typeof MAP_MODES)[number];
export const isMapMode = (v: unknown): v is MapMode => MAP_MODES.includes(v as MapMode);

/** Token lifetime the console asks for at login and refresh, in minutes. */
export const TOKEN_EXPIRED_MINUTES = 30;
/** The console refreshes its token this often (SPEC §4). */
export const TOKEN_REFRESH_MS = 900_000;
/** Product version shown (SPEC §1). */
export const PRODUCT_VERSION = 'v1.5.0';
/** Default page size and the page sizes the console offers. */
export const DEFAULT_PAGE_SIZE = 20;
export const PAGE_SIZES = [10, 20, 30, 50] as const;
/** Message types the top-bar dropdown asks for (SPEC §7). */
export const DROPDOWN_MESSAGE_TYPES = '0,5,6,8,9,12';
/** Avatar and image upload limit (SPEC §5, §9). */
export const UPLOAD_MAX_BYTES = 2 * 1024 * 1024;
/** The largest page a caller may ask for; more would let one request pin the server. */
export const MAX_PAGE_SIZE = 500;
/**
 * The largest id (and integer code) the database holds: PostgreSQL `integer`. A larger one names
 * no record, and PostgreSQL would refuse it with an error instead of finding nothing.
 */
export const MAX_DB_INT = 2_147_483_647;
/**
 * The sites' time zone as an offset from UTC (China Standard Time, no daylight saving): "today"
 * of the big screen's energy figures starts at 00:00 of this offset.
 */
export const SITE_UTC_OFFSET_MINUTES = 480;
/** The id of the inert JSON block a cold-start page carries config.json in (server embeds, console reads). */
export const INLINE_CONFIG_ID = 'nv-runtime-config';
/** The id of the inert JSON block a signed-in /monitor page carries its first template in ({ tpl, record }). */
export const INLINE_MONITOR_TEMPLATE_ID = 'nv-monitor-template';
/** The cookie the console keeps its session token in (SPEC §9; the server reads it only to answer a cold page's first question). */
export const TOKEN_COOKIE = 'nv_token';

/** The product's own name (SPEC §1): a site that did not rename it sees it translated. */
export const DEFAULT_PRODUCT_NAME = '工业物联网平台';
