import { z } from 'zod';

export const UPLOAD_CATEGORIES = ['avatar', 'image', 'graph', 'screen'] as const;
export const UploadQuery = z.object({ category: z.enum(UPLOAD_CATEGORIES) });

/** `data` of POST /api/file: a path the console prefixes with the base URL. */
export const UploadResult = z.object({ path: z.string(), size: z.number().int(), contentType: z.string() });
export type UploadResult = z.infer<typeof UploadResult>;
