import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { IdParam } from '../../../contract/envelope';
import { Right } from '../../../contract/rights';
import { ScreenTemplateContent, ScreenTemplateRecord, ScreenTemplateSummary } from '../../../contract/screen-template';
import {
  CopyScreenTemplateBody, ImportScreenTemplateBody, parseThumbnailDataUrl, RenameScreenTemplateBody, RestoreScreenTemplateBody,
  SCREEN_TEMPLATE_EXPORT_FORMAT, SCREEN_TEMPLATE_IMPORT_MAX_BYTES, ScreenTemplateFlagBody, ScreenTemplateRevisionList,
  ScreenTemplateRevisionParams, ScreenTemplateRevisionRecord, ScreenTemplateThumbnailBody, type ScreenTemplateExport,
} from '../../../contract/screen-template-library';
import type { AuthUser } from '../../auth/auth-user';
import type { AppDeps } from '../../deps';
import { badRequest, notFound } from '../../http/api-error';
import { describeZodError, endpoint } from '../../http/endpoint';
import { templateAccess } from './screen-template-access';
import { recordOf, summaryOf, type ScreenTemplateRepository, type TemplateFlag, type TemplateRow } from './screen-template-repository';
import { revisionRepository } from './screen-template-revision-repository';

const NAME_MAX = 64;
const COPY_SUFFIX = ' 副本';

/** A stored document brought to the current schema: migrated when older, then checked. */
function currentDocument(text: string) {
  return ScreenTemplateContent.safeParse(text);
}

/** `attachment` with the name as a plain-ASCII fallback and RFC 5987 UTF-8 (`filename*`). */
export function attachmentHeader(name: string): string {
  const file = `${name.replace(/[/\\]/g, '_')}.json`;
  const ascii = file.replace(/[^\x20-\x7e]|["%;]/g, '_');
  const encoded = encodeURIComponent(file).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * The template library's calls beyond SPEC §7 (issue 16): thumbnails, copy, rename, the active /
 * default / default-multi flags, version history with restore, and export / import as JSON.
 */
export function registerScreenLibraryRoutes(app: FastifyInstance, { db }: AppDeps, templates: ScreenTemplateRepository): void {
  const revisions = revisionRepository(db);
  const { findVisible, findEditable, ownerFor, requireAllData } = templateAccess(templates);
  const summary = async (user: AuthUser, id: number) => summaryOf(await findVisible(user, id));

  endpoint(app, db, {
    method: 'GET', url: '/t_screen_tpl/:id/thumbnail', access: 'signed-in', params: IdParam, raw: true,
    async handler({ user, params, req, reply }) {
      const row = await templates.thumbnail(user, params.id);
      const parsed = row?.thumbnail ? parseThumbnailDataUrl(row.thumbnail) : null;
      if (!row || !parsed?.ok) throw notFound('大屏模板缩略图');
      // The picture changes without a new row version (it is drawn after a save), so the tag carries its hash too.
      const etag = `"${row.version}-${createHash('sha1').update(parsed.bytes).digest('hex').slice(0, 12)}"`;
      reply.header('ETag', etag).header('Cache-Control', 'private, no-cache');
      if (req.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type(parsed.type).send(Buffer.from(parsed.bytes));
    },
  });

  endpoint(app, db, {
    method: 'POST', url: '/t_screen_tpl/thumbnail/:id', access: Right.ScreenEdit, tenancy: 'subtree', params: IdParam, body: ScreenTemplateThumbnailBody,
    response: ScreenTemplateSummary,
    async handler({ user, params, body }) {
      await findEditable(user, params.id);
      await templates.setThumbnail(params.id, body.image);
      return summary(user, params.id);
    },
  });

  endpoint(app, db, {
    method: 'POST', url: '/t_screen_tpl/copy/:id', access: Right.ScreenEdit, tenancy: 'subtree', params: IdParam, body: CopyScreenTemplateBody,
    response: ScreenTemplateRecord,
    async handler({ user, params, body, req }) {
      const source = await findVisible(user, params.id);
      const parsed = currentDocument(source.content);
      if (!parsed.success) throw badRequest(`params.id: the template cannot be copied, its document is invalid: ${describeZodError('content', parsed.error)}`);
      const name = body?.name ?? `${source.name.slice(0, NAME_MAX - COPY_SUFFIX.length)}${COPY_SUFFIX}`;
      // A copy of a global template by a user who may not change global ones lands in their organisation.
      const orgId = source.org_id === null ? ownerFor(user) : source.org_id;
      const id = await templates.create({ user, ip: req.ip }, { name, content: parsed.data, orgId, thumbnail: await templates.thumbnailOf(source.id) });
      return recordOf(await findVisible(user, id));
    },
  });

  endpoint(app, db, {
    method: 'POST', url: '/t_screen_tpl/rename/:id', access: Right.ScreenEdit, tenancy: 'subtree', params: IdParam, body: RenameScreenTemplateBody,
    response: ScreenTemplateSummary,
    async handler({ user, params, body, req }) {
      await findEditable(user, params.id);
      await templates.update({ user, ip: req.ip }, params.id, body.version, { name: body.name });
      return summary(user, params.id);
    },
  });

  const flagRoute = (segment: string, flag: TemplateFlag, check: (user: AuthUser, row: TemplateRow, value: boolean) => void) => endpoint(app, db, {
    method: 'POST', url: `/t_screen_tpl/${segment}/:id`, access: Right.ScreenEdit, tenancy: 'subtree', params: IdParam, body: ScreenTemplateFlagBody,
    response: ScreenTemplateSummary,
    async handler({ user, params, body, req }) {
      const value = body?.value ?? true;
      const row = await findEditable(user, params.id);
      check(user, row, value);
      await templates.setFlag({ user, ip: req.ip }, row, flag, value);
      return summary(user, params.id);
    },
  });
  flagRoute('active', 'active', () => {});
  flagRoute('default', 'default', (user, row, value) => {
    requireAllData(user, '默认大屏模板');
    if (row.org_id !== null) throw badRequest('params.id: only a global template can be the default');
    if (!value && Number(row.is_default) === 1) throw badRequest('body.value: make another template the default first; one template must stay the default');
  });
  flagRoute('default-multi', 'defaultMulti', (user, row) => {
    requireAllData(user, '多屏默认大屏模板');
    if (row.org_id !== null) throw badRequest('params.id: only a global template can be a default-multi template');
  });

  endpoint(app, db, {
    method: 'GET', url: '/t_screen_tpl/:id/revisions', access: Right.ScreenPreview, params: IdParam, response: ScreenTemplateRevisionList,
    async handler({ user, params }) {
      return revisions.list(await findVisible(user, params.id));
    },
  });

  endpoint(app, db, {
    method: 'GET', url: '/t_screen_tpl/:id/revisions/:version', access: Right.ScreenPreview, params: ScreenTemplateRevisionParams,
    response: ScreenTemplateRevisionRecord,
    async handler({ user, params }) {
      const found = await revisions.find(await findVisible(user, params.id), params.version);
      if (!found) throw notFound('大屏模板版本');
      const parsed = currentDocument(found.content);
      let content: unknown = found.content;
      if (parsed.success) content = parsed.data;
      else {
        try { content = JSON.parse(found.content); } catch { /* the runtime reports it */ }
      }
      return { ...found, templateId: params.id, content };
    },
  });

  endpoint(app, db, {
    method: 'POST', url: '/t_screen_tpl/:id/restore', access: Right.ScreenEdit, tenancy: 'subtree', params: IdParam, body: RestoreScreenTemplateBody,
    response: ScreenTemplateRecord,
    async handler({ user, params, body, req }) {
      const row = await findEditable(user, params.id);
      const found = await revisions.find(row, body.revision);
      if (!found) throw badRequest(`body.revision: the template has no version ${body.revision}`);
      const parsed = currentDocument(found.content);
      if (!parsed.success) throw badRequest(`body.revision: version ${body.revision} cannot be restored: ${describeZodError('content', parsed.error)}`);
      await templates.update({ user, ip: req.ip }, params.id, body.version, { content: parsed.data });
      return recordOf(await findVisible(user, params.id));
    },
  });

  endpoint(app, db, {
    method: 'GET', url: '/t_screen_tpl/:id/export', access: Right.ScreenPreview, params: IdParam, raw: true,
    async handler({ user, params, reply }) {
      const row = await findVisible(user, params.id);
      const file: ScreenTemplateExport = {
        format: SCREEN_TEMPLATE_EXPORT_FORMAT, exportedAt: new Date().toISOString(), name: row.name, content: recordOf(row).content,
      };
      return reply.header('Content-Disposition', attachmentHeader(row.name)).header('Cache-Control', 'private, no-store')
        .type('application/json; charset=utf-8').send(JSON.stringify(file, null, 2));
    },
  });

  endpoint(app, db, {
    method: 'POST', url: '/t_screen_tpl/import', access: Right.ScreenEdit, tenancy: 'subtree', body: ImportScreenTemplateBody, response: ScreenTemplateRecord,
    bodyLimit: SCREEN_TEMPLATE_IMPORT_MAX_BYTES,
    async handler({ user, body, req }) {
      const name = body.name ?? body.file.name.trim().slice(0, NAME_MAX);
      if (!name) throw badRequest('body.name: name is required (the file has none)');
      const id = await templates.create({ user, ip: req.ip }, { name, content: body.file.content, orgId: ownerFor(user) });
      return recordOf(await findVisible(user, id));
    },
  });
}
