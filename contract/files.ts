import { z } from 'zod';

/** Avatar and image upload limit (SPEC §5, §9). */
export const UPLOAD_MAX_BYTES = 2 * 1024 * 1024;
export const UPLOAD_CATEGORIES = ['avatar', 'image', 'graph', 'screen'] as const;
export const UploadQuery = z.object({ category: z.enum(UPLOAD_CATEGORIES) });

/** `data` of POST /api/file: a path the console prefixes with the base URL. */
export const UploadResult = z.object({ path: z.string(), size: z.number().int(), contentType: z.string() });
export type UploadResult = z.infer<typeof UploadResult>;
