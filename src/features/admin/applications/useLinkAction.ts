import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/errorText';

/** Runs a join or take-off, reports how many links changed (or the server's refusal), and reads the associations again. */
export function useLinkAction() {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  return useCallback(async (change: () => Promise<number>, add: boolean) => {
    try {
      const count = await change();
      message.success(t(add ? 'apps.joined' : 'apps.removed', { count }));
    } catch (err) {
      message.error(t('apps.failed', { error: errorText(err) }));
    }
    await queryClient.invalidateQueries({ queryKey: ['apps'] });
  }, [message, queryClient, t]);
}
