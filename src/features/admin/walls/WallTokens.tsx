import { KeyOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Flex, Form, Input, Modal, Popconfirm, Select, Tag, Typography, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTile } from '../../../../contract/wall/tile-geometry';
import { DISPLAY_TOKEN_NAME_MAX, type DisplayTokenCreated, type DisplayTokenInfo, type WallDefinition } from '../../../../contract/walls';
import { errorText } from '../../../shared/errorText';
import { Table } from '../kit/CardTable';
import { formatDateTime } from '../kit/cellValue';
import { showFieldError } from '../kit/formErrors';
import { createToken, fetchTokens, revokeToken, wallKeys } from './wallApi';
import { launcherCommand, wallTiles } from './wallView';

type Wall = Pick<WallDefinition, 'id' | 'name' | 'rows' | 'cols'>;
const WHOLE = 'wall';

/** The token just created, shown this once: the token and the launcher command, both copyable. */
function CreatedToken({ wall, created }: { wall: Wall; created: DisplayTokenCreated }) {
  const { t } = useTranslation('admin', { keyPrefix: 'walls' });
  const tiles = created.info.tile ? [created.info.tile] : wallTiles(wall);
  const command = launcherCommand({ origin: window.location.origin, wallId: wall.id, tiles, token: created.token });
  return (
    <Flex vertical gap="1rem" data-token-created>
      <Alert type="warning" showIcon title={t('tokenOnce')} />
      <div>
        <Typography.Text strong>{t('tokenLabel')}</Typography.Text>
        <Typography.Paragraph code copyable={{ text: created.token, tooltips: [undefined, t('copied')] }} style={{ margin: '0.25rem 0 0', wordBreak: 'break-all' }} data-token-value>
          {created.token}
        </Typography.Paragraph>
      </div>
      <div>
        <Typography.Text strong>{t('launcher')}</Typography.Text>
        <Typography.Paragraph code copyable={{ text: command, tooltips: [undefined, t('copied')] }} style={{ margin: '0.25rem 0', overflowWrap: 'anywhere' }} data-token-command>
          {command}
        </Typography.Paragraph>
        <Typography.Text type="secondary">{t('launcherHint')}</Typography.Text>
      </div>
    </Flex>
  );
}

/**
 * Creating a display token: its name and the screen it is for (or the whole wall); then the token
 * and its launcher command, shown once. Closing forgets the token.
 */
function CreateTokenModal({ wall, onClose }: { wall: Wall; onClose: () => void }) {
  const { t } = useTranslation('admin', { keyPrefix: 'walls' });
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ name: string; tile: string }>();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [created, setCreated] = useState<DisplayTokenCreated | null>(null);
  const tileOptions = [
    { value: WHOLE, label: t('wholeWall') },
    ...wallTiles(wall).map(([r, c]) => ({ value: formatTile([r, c]), label: `${t('tile', { r: r + 1, c: c + 1 })} (tile=${formatTile([r, c])})` })),
  ];

  const submit = async (v: { name: string; tile: string }) => {
    setBusy(true);
    setFailure(null);
    try {
      const tile = v.tile === WHOLE ? null : (v.tile.split(',').map(Number) as [number, number]);
      setCreated(await createToken(wall.id, { name: v.name.trim(), tile }));
      await queryClient.invalidateQueries({ queryKey: wallKeys.tokens(wall.id) });
    } catch (err) {
      if (!showFieldError(form, err, ['name', 'tile'])) setFailure(t('createFailed', { error: errorText(err) }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      width="44rem"
      destroyOnHidden
      maskClosable={!created}
      title={created ? t('tokenCreated') : `${t('createToken')} · ${wall.name}`}
      onCancel={onClose}
      footer={created ? (
        <Button type="primary" onClick={onClose} data-token-done>{t('done')}</Button>
      ) : (
        <Flex justify="flex-end" gap="0.5rem">
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button type="primary" loading={busy} onClick={() => form.submit()} data-token-submit>{t('createToken')}</Button>
        </Flex>
      )}
      data-token-modal
    >
      {created ? <CreatedToken wall={wall} created={created} /> : (
        <Form form={form} name="token" layout="vertical" initialValues={{ name: '', tile: WHOLE }} onFinish={submit}>
          {failure && <Alert type="error" showIcon style={{ marginBottom: '1rem' }} title={failure} />}
          <Form.Item name="name" label={t('tokenName')} rules={[{ required: true, whitespace: true, message: t('required') }]}>
            <Input maxLength={DISPLAY_TOKEN_NAME_MAX} placeholder={t('tokenNamePlaceholder')} autoFocus />
          </Form.Item>
          <Form.Item name="tile" label={t('tokenTile')}>
            <Select options={tileOptions} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

/**
 * A wall's display tokens (issue 23, "Display credentials"): name, screen, creation, last use and
 * state, with 创建令牌 (the token shown once) and 吊销 for the editor; the token itself is never
 * listed.
 */
export function WallTokens({ wall, canEdit }: { wall: Wall; canEdit: boolean }) {
  const { t } = useTranslation('admin', { keyPrefix: 'walls' });
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const tokens = useQuery({ queryKey: wallKeys.tokens(wall.id), queryFn: ({ signal }) => fetchTokens(wall.id, signal) });

  const columns = useMemo<TableColumnsType<DisplayTokenInfo>>(() => {
    const revoke = async (token: DisplayTokenInfo) => {
      try {
        await revokeToken(token.id);
        message.success(t('revokedOk', { name: token.name }));
      } catch (err) {
        message.error(t('revokeFailed', { error: errorText(err) }));
      }
      await queryClient.invalidateQueries({ queryKey: wallKeys.tokens(wall.id) });
    };
    return [
      { key: 'name', title: t('tokenName'), ellipsis: true, render: (_, k) => <span data-token-name={k.name}>{k.name}</span> },
      {
        key: 'tile', title: t('tokenTile'), width: 170,
        render: (_, k) => (k.tile ? t('tile', { r: k.tile[0] + 1, c: k.tile[1] + 1 }) : t('wholeWall')),
      },
      { key: 'createdAt', title: t('createdAt'), width: 170, render: (_, k) => formatDateTime(k.createdAt) },
      { key: 'createdBy', title: t('createdBy'), width: 120, ellipsis: true, dataIndex: 'createdBy' },
      { key: 'lastUsed', title: t('lastUsed'), width: 170, render: (_, k) => (k.lastUsedAt ? formatDateTime(k.lastUsedAt) : <Typography.Text type="secondary">{t('never')}</Typography.Text>) },
      {
        key: 'status', title: t('status'), width: 210,
        render: (_, k) => (k.revokedAt
          ? <Tag data-token-state="revoked">{t('revokedAt', { time: formatDateTime(k.revokedAt) })}</Tag>
          : <Tag color="success" data-token-state="active">{t('active')}</Tag>),
      },
      ...(canEdit ? [{
        key: 'actions', title: t('actions'), width: 90,
        render: (_: unknown, k: DisplayTokenInfo) => (k.revokedAt ? null : (
          <Popconfirm title={t('revokeConfirm', { name: k.name })} okText={t('revoke')} okButtonProps={{ danger: true }} cancelText={t('cancel')} onConfirm={() => revoke(k)}>
            <Button size="small" type="link" danger data-token-revoke={k.name}>{t('revoke')}</Button>
          </Popconfirm>
        )),
      }] : []),
    ];
  }, [t, canEdit, message, queryClient, wall.id]);

  return (
    <Flex vertical gap="0.75rem" data-wall-tokens={wall.id}>
      <Flex justify="space-between" align="center" gap="1rem" wrap>
        <Typography.Text type="secondary" style={{ flex: '1 1 24rem' }}>{t('tokensHint')}</Typography.Text>
        {canEdit && <Button icon={<PlusOutlined />} onClick={() => setCreating(true)} data-token-create>{t('createToken')}</Button>}
      </Flex>
      {tokens.error && <Alert type="error" showIcon title={t('loadFailed', { error: errorText(tokens.error) })} />}
      <Table<DisplayTokenInfo>
        rowKey="id"
        size="small"
        loading={tokens.isLoading}
        columns={columns}
        dataSource={tokens.data ?? []}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        locale={{ emptyText: <span><KeyOutlined /> {t('noTokens')}</span> }}
      />
      {creating && <CreateTokenModal wall={wall} onClose={() => setCreating(false)} />}
    </Flex>
  );
}
