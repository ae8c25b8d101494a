import { z } from 'zod';
import { QueryId } from './envelope';
import { ScreenTemplateContent } from './screen-template';

/**
 * The API of the screen template library (issue 16) beyond the SPEC §7 calls of
 * contract/screen-template.ts: thumbnails, copy, rename, flags, version history, export and import.
 * Every write that changes the document or the name takes the row `version` the caller read and
 * answers 409 when someone else saved since.
 */

const name = z.string().trim().min(1, 'name is required').max(64);
const rowVersion = z.number().int().min(1);

/** The thumbnail formats the library accepts, with the bytes every such file starts with. */
export const THUMBNAIL_TYPES = ['image/png', 'image/webp', 'image/jpeg'] as const;
export type ThumbnailType = (typeof THUMBNAIL_TYPES)[number];
/** Largest thumbnail data URL, in characters (512 KB). */
export const THUMBNAIL_MAX_CHARS = 512 * 1024;

const DATA_URL = /^data:(image\/(?:png|webp|jpeg));base64,([A-Za-z0-9+/]+={0,2})$/;

function startsWith(bytes: Uint8Array, prefix: number[], at = 0): boolean {
  return prefix.every((b, i) => bytes[at + i] === b);
}

/** Whether `bytes` really are an image of `type` (the data URL's label alone is not trusted). */
function looksLike(type: ThumbnailType, bytes: Uint8Array): boolean {
  if (type === 'image/png') return startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (type === 'image/jpeg') return startsWith(bytes, [0xff, 0xd8, 0xff]);
  return startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8);
}

export type ParsedThumbnail = { ok: true; type: ThumbnailType; bytes: Uint8Array } | { ok: false; error: string };

/**
 * A thumbnail data URL (`data:image/png;base64,…`, also WebP or JPEG) checked and decoded: at most
 * {@link THUMBNAIL_MAX_CHARS} characters, base64, and bytes that are an image of the named type.
 */
export function parseThumbnailDataUrl(value: string): ParsedThumbnail {
  if (value.length > THUMBNAIL_MAX_CHARS) return { ok: false, error: `must be at most ${THUMBNAIL_MAX_CHARS / 1024} KB` };
  const m = DATA_URL.exec(value);
  if (!m) return { ok: false, error: 'must be a data URL of a PNG, WebP or JPEG image (data:image/png;base64,…)' };
  let bytes: Uint8Array;
  try {
    bytes = Uint8Array.from(atob(m[2]), (c) => c.charCodeAt(0));
  } catch {
    return { ok: false, error: 'is not valid base64' };
  }
  const type = m[1] as ThumbnailType;
  if (!looksLike(type, bytes)) return { ok: false, error: `is not a ${type.slice(6).toUpperCase()} image` };
  return { ok: true, type, bytes };
}

/** POST /api/t_screen_tpl/thumbnail/{id}: stores the card picture; no new version, no revision. */
export const ScreenTemplateThumbnailBody = z.strictObject({
  image: z.string().superRefine((s, ctx) => {
    const parsed = parseThumbnailDataUrl(s);
    if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.error });
  }),
});

/** POST /api/t_screen_tpl/copy/{id}: the copy is named `<name> 副本` unless a name is given. */
export const CopyScreenTemplateBody = z.strictObject({ name: name.optional() }).optional();

/** POST /api/t_screen_tpl/rename/{id}. */
export const RenameScreenTemplateBody = z.strictObject({ name, version: rowVersion });

/**
 * POST /api/t_screen_tpl/active|default|default-multi/{id}: sets the flag (`value` false clears it;
 * the only default cannot be cleared, make another one the default). Flags change no version.
 */
export const ScreenTemplateFlagBody = z.strictObject({ value: z.boolean().default(true) }).optional();

/** GET /api/t_screen_tpl/{id}/revisions: one line per save, newest first (no document). */
export const ScreenTemplateRevision = z.object({
  /** The row version this save produced. */
  version: z.number().int(),
  name: z.string(),
  /** Who saved it (nick name, else user name); null when unknown. */
  savedBy: z.string().nullable(),
  savedAt: z.number().int(),
  widgetCount: z.number().int(),
  /** Whether this is the template's current version. */
  current: z.boolean(),
});
export type ScreenTemplateRevision = z.infer<typeof ScreenTemplateRevision>;
export const ScreenTemplateRevisionList = z.array(ScreenTemplateRevision);

export const ScreenTemplateRevisionParams = z.object({ id: QueryId, version: QueryId });
/**
 * GET /api/t_screen_tpl/{id}/revisions/{version}: the revision with its document, migrated to the
 * current document version where it is older (unchecked otherwise, like a record's content).
 */
export const ScreenTemplateRevisionRecord = ScreenTemplateRevision.extend({ templateId: z.number().int(), content: z.unknown() });
export type ScreenTemplateRevisionRecord = z.infer<typeof ScreenTemplateRevisionRecord>;

/** POST /api/t_screen_tpl/{id}/restore: saves revision `revision`'s document as a new version. */
export const RestoreScreenTemplateBody = z.strictObject({ revision: z.number().int().min(1), version: rowVersion });

/** What GET /api/t_screen_tpl/{id}/export downloads (`<name>.json`) and import takes back. */
export const SCREEN_TEMPLATE_EXPORT_FORMAT = 'nv-screen-template';
export const ScreenTemplateExport = z.object({
  format: z.literal(SCREEN_TEMPLATE_EXPORT_FORMAT),
  /** ISO 8601. */
  exportedAt: z.string(),
  name: z.string(),
  content: z.unknown(),
});
export type ScreenTemplateExport = z.infer<typeof ScreenTemplateExport>;

/** Largest body of POST /api/t_screen_tpl/import, in bytes; a larger one answers 413. */
export const SCREEN_TEMPLATE_IMPORT_MAX_BYTES = 20 * 1024 * 1024;

/**
 * POST /api/t_screen_tpl/import: a file from export, validated by the template schema (older
 * document versions migrated); errors name the field (`body.file.content.widgets.3.props.x: …`).
 * `name` overrides the file's.
 */
export const ImportScreenTemplateBody = z.strictObject({
  name: name.optional(),
  file: z.object({
    format: z.literal(SCREEN_TEMPLATE_EXPORT_FORMAT, { error: `must be "${SCREEN_TEMPLATE_EXPORT_FORMAT}" (a file exported from the template library)` }),
    exportedAt: z.string().max(64).optional(),
    /** Cut to 64 characters when longer; `name` beside `file` overrides it. */
    name: z.string().max(1024),
    content: ScreenTemplateContent,
  }),
});

/** GET /api/t_screen_tpl/starters: the built-in layouts a new template may start from (新建模板 › 起始模板). */
export const ScreenTemplateStarter = z.object({
  key: z.string(),
  name: z.object({ zh: z.string(), en: z.string() }),
  width: z.number().int(),
  height: z.number().int(),
  widgetCount: z.number().int(),
  /** The document, checked by the template schema (defaults filled in). */
  content: z.unknown(),
});
export type ScreenTemplateStarter = z.infer<typeof ScreenTemplateStarter>;
export const ScreenTemplateStarterList = z.array(ScreenTemplateStarter);
