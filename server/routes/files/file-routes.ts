import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { UPLOAD_MAX_BYTES } from '../../../contract/constants';
import { UPLOAD_CATEGORIES, UploadQuery, UploadResult } from '../../../contract/files';
import type { AppDeps } from '../../deps';
import { ApiError, badRequest, notFound } from '../../http/api-error';
import { endpoint } from '../../http/endpoint';
import { recordUpload } from './file-repository';

/** The §5 text for a too-large image. */
export const UPLOAD_TOO_LARGE = '上传头像图片大小不能超过 2MB!';

const IMAGE_TYPES: { type: string; ext: string; magic: (b: Buffer) => boolean }[] = [
  { type: 'image/png', ext: 'png', magic: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { type: 'image/jpeg', ext: 'jpg', magic: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: 'image/gif', ext: 'gif', magic: (b) => b.subarray(0, 4).toString('latin1') === 'GIF8' },
  { type: 'image/webp', ext: 'webp', magic: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP' },
];

const FileParams = z.object({
  category: z.enum(UPLOAD_CATEGORIES),
  name: z.string().regex(/^[a-f0-9]{32}\.(png|jpg|gif|webp)$/, 'not a stored file name'),
});

/**
 * POST /api/file?category=: one image up to 2 MB, recognised by its content (not its name), stored
 * under DATA_DIR/uploads and served back at the returned path (`/api/files/<category>/<name>`).
 */
export function registerFileRoutes(app: FastifyInstance, { db, config }: AppDeps): void {
  const root = path.join(config.dataDir, 'uploads');

  endpoint(app, db, {
    method: 'POST', url: '/file', access: 'signed-in', tenancy: 'self', query: UploadQuery, response: UploadResult,
    async handler({ user, query, req }) {
      if (!req.isMultipart()) throw badRequest('body: 需要 multipart/form-data 文件');
      const part = await req.file();
      if (!part) throw badRequest('file: 未选择文件');
      let buffer: Buffer;
      try {
        buffer = await part.toBuffer();
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new ApiError(413, UPLOAD_TOO_LARGE);
        throw err;
      }
      if (buffer.length > UPLOAD_MAX_BYTES) throw new ApiError(413, UPLOAD_TOO_LARGE);
      const kind = IMAGE_TYPES.find((t) => t.magic(buffer));
      if (!kind) throw badRequest('file: 只支持 PNG、JPEG、GIF、WebP 图片');
      const name = `${randomBytes(16).toString('hex')}.${kind.ext}`;
      const dir = path.join(root, query.category);
      await fs.promises.mkdir(dir, { recursive: true });
      const tmp = path.join(dir, `.${name}.tmp`);
      await fs.promises.writeFile(tmp, buffer);
      await fs.promises.rename(tmp, path.join(dir, name));
      const publicPath = `/api/files/${query.category}/${name}`;
      await recordUpload(db, {
        category: query.category, path: publicPath, size: buffer.length, content_type: kind.type, user_id: user.id, created_at: Date.now(),
      });
      return { path: publicPath, size: buffer.length, contentType: kind.type };
    },
  });

  app.get('/files/:category/:name', async (req, reply) => {
    const parsed = FileParams.safeParse(req.params);
    if (!parsed.success) throw notFound('文件');
    const file = path.join(root, parsed.data.category, parsed.data.name);
    const kind = IMAGE_TYPES.find((t) => t.ext === path.extname(file).slice(1))!;
    try {
      const stat = await fs.promises.stat(file);
      return reply.type(kind.type).header('Content-Length', stat.size)
        .header('Cache-Control', 'public, max-age=86400').send(fs.createReadStream(file));
    } catch {
      throw notFound('文件');
    }
  });
}
