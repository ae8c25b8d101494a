import { LoadingOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Drawer, Flex, Space, Spin, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HeldRights } from '../../../../contract/access';
import { useRights } from '../../../shared/user';
import { useRightCatalogue } from './accessApi';
import { RightsTree } from './RightsTree';
import { errorText } from '../../../shared/errorText';

export interface RightsDrawerProps {
  title: string;
  /** Query key of the held rights (invalidated after a save). */
  queryKey: readonly unknown[];
  load(signal?: AbortSignal): Promise<HeldRights>;
  save(rights: string[]): Promise<HeldRights>;
  /** Absent: read-only. */
  canEdit: boolean;
  onClose(): void;
}

/**
 * The rights of a role (or an organisation-type role) in the grouped tree. Only rights within its
 * organisation type's (`cap`) and held by the current user can be checked, as the server enforces;
 * a right the role holds outside the cap is named and goes on save.
 */
export function RightsDrawer({ title, queryKey, load, save, canEdit, onClose }: RightsDrawerProps) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const mine = useRights();
  const catalogue = useRightCatalogue();
  const held = useQuery({ queryKey, queryFn: ({ signal }) => load(signal) });
  const [draft, setDraft] = useState<string[] | null>(null);
  const [open, setOpen] = useState(true);
  const [saving, setSaving] = useState(false);

  const cap = useMemo(() => new Set(held.data?.cap ?? []), [held.data]);
  const dropped = useMemo(() => (held.data?.rights ?? []).filter((c) => !cap.has(c)), [held.data, cap]);
  const checked = draft ?? (held.data?.rights ?? []).filter((c) => cap.has(c));
  const disabledReason = useCallback((code: string) => {
    if (!cap.has(code)) return t('access.outsideCap');
    if (!mine.includes(code)) return t('access.notHeld');
    return undefined;
  }, [cap, mine, t]);

  const submit = async () => {
    setSaving(true);
    try {
      const saved = await save(checked);
      queryClient.setQueryData(queryKey, saved);
      await queryClient.invalidateQueries({ queryKey: ['access'] });
      message.success(t('access.saved'));
      setOpen(false);
    } catch (err) {
      message.error(t('access.saveFailed', { error: errorText(err) }));
    } finally {
      setSaving(false);
    }
  };

  const failed = catalogue.error ?? held.error;
  return (
    <Drawer
      open={open}
      title={title}
      size="34rem"
      onClose={() => setOpen(false)}
      afterOpenChange={(visible) => !visible && onClose()}
      footer={canEdit && (
        <Flex justify="space-between" align="center">
          <Typography.Text type="secondary">{t('access.checkedCount', { count: checked.length })}</Typography.Text>
          <Space>
            <Button onClick={() => setOpen(false)}>{t('access.cancel')}</Button>
            <Button type="primary" disabled={!held.data} loading={saving && { icon: <LoadingOutlined aria-hidden /> }} onClick={() => void submit()}>
              {t('access.save')}
            </Button>
          </Space>
        </Flex>
      )}
    >
      {failed ? (
        <Alert type="error" showIcon title={t('access.loadFailed', { error: errorText(failed) })} />
      ) : !catalogue.data || !held.data ? (
        <Flex justify="center" style={{ padding: '3rem 0' }}><Spin /></Flex>
      ) : (
        <Flex vertical gap="0.75rem">
          {canEdit && <Typography.Text type="secondary">{t('access.capHint')}</Typography.Text>}
          {dropped.length > 0 && <Alert type="warning" showIcon title={t('access.droppedOutsideCap', { codes: dropped.join(', ') })} />}
          <RightsTree catalogue={catalogue.data} checked={checked} onChange={canEdit ? setDraft : undefined} disabledReason={disabledReason} />
        </Flex>
      )}
    </Drawer>
  );
}
