import { INLINE_CONFIG_ID, isMapMode, type MapMode } from '../../contract/constants';

/** How the monitor draws maps: AMap when it loads, an offline ECharts map otherwise, or forced. */
export type { MapMode };

/** Runtime settings read from `/config.json` at start-up (DESIGN "Runtime"). */
export interface RuntimeConfig {
  /** Origin of the platform server; "" means the console's own origin. `/api` is appended. */
  apiBaseUrl: string;
  /** Full base of the second API, e.g. "/app-api". */
  appApiBaseUrl: string;
  appId: number;
  /** Address of the project-monitor application; "" when not deployed. */
  projectMonitorUrl: string;
  /** Home of the IoT card platform; "" when not deployed. */
  iotCardHomeUrl: string;
  showWarningDialog: boolean;
  showOnlineDialog: boolean;
  map: { key: string; securityCode: string; mode: MapMode };
}

/** Thrown when config.json cannot be fetched or does not have the expected shape. */
export class ConfigError extends Error {
  constructor(message: string, readonly url: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function field<T>(obj: Json, key: string, check: (v: unknown) => v is T, expected: string, prefix = ''): T {
  const value = obj[key];
  if (!check(value)) throw new Error(`"${prefix}${key}" must be ${expected}, got ${JSON.stringify(value) ?? 'nothing'}`);
  return value;
}

const isString = (v: unknown): v is string => typeof v === 'string';
const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';
const isPositiveInt = (v: unknown): v is number => Number.isInteger(v) && (v as number) > 0;

/** Checks a parsed config.json; the message names the first bad field. */
export function parseRuntimeConfig(raw: unknown): RuntimeConfig {
  if (!isObject(raw)) throw new Error('the file must hold a JSON object');
  const apiBaseUrl = field(raw, 'apiBaseUrl', isString, 'a string').replace(/\/+$/, '');
  const appApiBaseUrl = field(raw, 'appApiBaseUrl', isString, 'a string').replace(/\/+$/, '');
  const appId = field(raw, 'appId', isPositiveInt, 'a positive integer');
  const projectMonitorUrl = field(raw, 'projectMonitorUrl', isString, 'a string');
  const iotCardHomeUrl = field(raw, 'iotCardHomeUrl', isString, 'a string');
  const showWarningDialog = field(raw, 'showWarningDialog', isBoolean, 'true or false');
  const showOnlineDialog = field(raw, 'showOnlineDialog', isBoolean, 'true or false');
  const map = field(raw, 'map', isObject, 'an object');
  return {
    apiBaseUrl,
    appApiBaseUrl,
    appId,
    projectMonitorUrl,
    iotCardHomeUrl,
    showWarningDialog,
    showOnlineDialog,
    map: {
      key: field(map, 'key', isString, 'a string', 'map.'),
      securityCode: field(map, 'securityCode', isString, 'a string', 'map.'),
      mode: field(map, 'mode', isMapMode, '"auto", "amap" or "offline"', 'map.'),
    },
  };
}

/** Fetches and validates the runtime config; never cached, so an edited file applies on reload. */
export async function loadRuntimeConfig(url = '/config.json'): Promise<RuntimeConfig> {
  let response: Response;
  try {
    response = await fetch(url, { cache: 'no-store', headers: { Accept: 'application/json' } });
  } catch (err) {
    throw new ConfigError(`cannot be fetched: ${(err as Error).message}`, url);
  }
  if (!response.ok) throw new ConfigError(`answered HTTP ${response.status}`, url);
  let text: string;
  try {
    text = await response.text();
  } catch (err) {
    throw new ConfigError(`cannot be fetched: ${(err as Error).message}`, url);
  }
  return checkConfigText(text, url);
}

/** The text of config.json parsed and checked; a ConfigError naming `url` otherwise. */
function checkConfigText(text: string, url: string): RuntimeConfig {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new ConfigError('is not valid JSON', url);
  }
  try {
    return parseRuntimeConfig(raw);
  } catch (err) {
    throw new ConfigError((err as Error).message, url);
  }
}

/**
 * config.json as the server embedded it in the page (the routes a wall opens cold), checked; null
 * when the page has none (then it is fetched). A malformed one throws the same ConfigError.
 */
export function readInlineRuntimeConfig(url = '/config.json'): RuntimeConfig | null {
  const el = typeof document === 'undefined' ? null : document.getElementById(INLINE_CONFIG_ID);
  return el ? checkConfigText(el.textContent ?? '', url) : null;
}

let current: RuntimeConfig | undefined;

/** Installs the config loaded at start-up; main.tsx calls this once before rendering. */
export function setRuntimeConfig(config: RuntimeConfig): void {
  current = config;
}

/** The config loaded at start-up. */
export function getRuntimeConfig(): RuntimeConfig {
  if (!current) throw new Error('runtime config read before main.tsx loaded it');
  return current;
}
