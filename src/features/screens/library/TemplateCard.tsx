import { DeleteOutlined, EditOutlined, EyeOutlined, MoreOutlined } from '@ant-design/icons';
import { Button, Card, Dropdown, Popconfirm, Tag, Typography, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LibraryTemplate } from './libraryApi';
import { TemplateThumbnail } from './TemplateThumbnail';

export type CardAction = 'edit' | 'preview' | 'rename' | 'duplicate' | 'activate' | 'default' | 'default-multi' | 'export' | 'delete';

interface Props {
  template: LibraryTemplate;
  canEdit: boolean;
  /** Whether to offer the global flags (default, default-multi); the server allows them to users who see all data. */
  canSetDefault: boolean;
  onAction(action: CardAction, template: LibraryTemplate): void;
}

const when = (time: number, language: string) => new Date(time).toLocaleString(language === 'en' ? 'en-GB' : 'zh-CN', { hour12: false });

/** One template of the library: thumbnail, name, size, widgets, last update, marks and actions. */
export function TemplateCard({ template: tpl, canEdit, canSetDefault, onAction }: Props) {
  const { t, i18n } = useTranslation('screenEditor');
  const items: MenuProps['items'] = [
    ...(canEdit ? [
      { key: 'rename', label: t('lib.rename') },
      { key: 'duplicate', label: t('lib.duplicate') },
      { type: 'divider' as const },
      { key: 'activate', label: t('lib.activate'), disabled: tpl.isActive },
      ...(canSetDefault && tpl.orgId === null ? [
        { key: 'default', label: t('lib.setDefault'), disabled: tpl.isDefault },
        { key: 'default-multi', label: t('lib.setDefaultMulti'), disabled: tpl.isDefaultMulti },
      ] : []),
      { type: 'divider' as const },
    ] : []),
    { key: 'export', label: t('lib.export') },
  ];
  const updated = tpl.updatedBy
    ? t('lib.updated', { time: when(tpl.updatedAt, i18n.language), user: tpl.updatedBy })
    : t('lib.updatedAnon', { time: when(tpl.updatedAt, i18n.language) });
  return (
    <Card
      size="small"
      data-template-card={tpl.name}
      cover={<TemplateThumbnail template={tpl} />}
      actions={[
        ...(canEdit ? [<Button key="edit" type="link" icon={<EditOutlined aria-hidden />} onClick={() => onAction('edit', tpl)}>{t('lib.edit')}</Button>] : []),
        <Button key="preview" type="link" icon={<EyeOutlined aria-hidden />} onClick={() => onAction('preview', tpl)}>{t('lib.preview')}</Button>,
        ...(canEdit ? [
          <Popconfirm key="delete" title={t('lib.confirmDelete', { name: tpl.name })} okText={t('lib.ok')} cancelText={t('lib.cancel')} onConfirm={() => onAction('delete', tpl)}>
            <Button type="link" danger icon={<DeleteOutlined aria-hidden />}>{t('lib.delete')}</Button>
          </Popconfirm>,
        ] : []),
        <Dropdown key="more" menu={{ items, onClick: ({ key }) => onAction(key as CardAction, tpl) }} trigger={['click']}>
          <Button type="link" icon={<MoreOutlined aria-hidden />} aria-label={t('lib.more')}>{t('lib.more')}</Button>
        </Dropdown>,
      ]}
    >
      <Typography.Title level={5} ellipsis={{ tooltip: tpl.name }} style={{ margin: 0 }}>{tpl.name}</Typography.Title>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: '0.25rem', margin: '0.4rem 0', minHeight: '1.6rem' }}>
        {tpl.isActive && <Tag color="green">{t('lib.active')}</Tag>}
        {tpl.isDefault && <Tag color="blue">{t('lib.default')}</Tag>}
        {tpl.isDefaultMulti && <Tag color="purple">{t('lib.defaultMulti')}</Tag>}
        {tpl.orgId === null && <Tag>{t('lib.global')}</Tag>}
      </div>
      <Typography.Text type="secondary" style={{ display: 'block', fontSize: '0.85rem' }}>
        {tpl.width !== null ? `${tpl.width} × ${tpl.height} · ` : ''}{t('lib.widgets', { count: tpl.widgetCount })}
      </Typography.Text>
      <Typography.Text type="secondary" style={{ display: 'block', fontSize: '0.8rem' }}>{updated}</Typography.Text>
    </Card>
  );
}
