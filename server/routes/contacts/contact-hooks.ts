import { badRequest } from '../../http/api-error';
import { destinationRefusal } from '../../outbound/guarded-request';
import type { AppDeps } from '../../deps';
import type { ResourceHooks } from '../../resources/resource-routes';
import { contactSecretsRepository } from './contact-repository';

/**
 * The kit's hooks for `t_contacts`: the webhook secret is write-only — rows say only whether one is
 * stored (`webhookSecretSet`); a save without one keeps it; a webhook address needs a secret (its
 * calls are signed with it), and taking the address away takes the secret with it. A secret is
 * stored sealed (server/secrets/README.md).
 */
export function contactHooks({ secrets, config }: Pick<AppDeps, 'secrets' | 'config'>): ResourceHooks {
  return {
    async rows(db, rows) {
      const set = await contactSecretsRepository(db).secretSet(rows.map((r) => r.id as number));
      return rows.map((r) => ({ ...r, webhookSecretSet: set.has(r.id as number) }));
    },

    async beforeSave(_trx, { fields, before }) {
      const { webhookSecret, ...rest } = fields as Record<string, unknown> & { webhookSecret?: string; webhookUrl: string };
      if (rest.webhookUrl === '') return before?.webhookSecretSet === true ? { ...rest, webhookSecret: '' } : rest;
      // Issue 32: the server calls this address, so it may not point inside (call time checks again).
      const refused = await destinationRefusal(rest.webhookUrl, { allow: config.notify.webhookAllowNetworks });
      if (refused) throw badRequest(`body.webhookUrl: Webhook 地址不能指向内网、本机或保留地址（${refused.address}：${refused.reason}）`);
      if (webhookSecret === undefined && before?.webhookSecretSet !== true) {
        throw badRequest('body.webhookSecret: 设置 Webhook 地址须同时设置签名密钥（16–256 个字符）');
      }
      return webhookSecret === undefined ? rest : { ...rest, webhookSecret: secrets.seal(webhookSecret) };
    },
  };
}
