import { ImportOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { Alert, App, Button, Empty, Flex, Input, Modal, Spin, Typography, Upload } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useLocation } from 'wouter';
import { Right } from '../../../../contract/rights';
import { errorText } from '../../../shared/errorText';
import { PageHeading, PagePanel } from '../../../shared/ui/PagePanel';
import { SUPER_ADMIN_NAME, useHasRight, userAtom } from '../../../shared/user';
import { AdminProviders } from '../../admin/AdminProviders';
import { registerScreenEditorStrings } from '../screenStrings';
import { CreateTemplateDialog } from './CreateTemplateDialog';
import {
  copyTemplate, deleteTemplate, downloadExport, importTemplate, listTemplates, renameTemplate, setFlag, type LibraryTemplate,
} from './libraryApi';
import { TemplateCard, type CardAction } from './TemplateCard';
import { ThumbnailMaker } from './ThumbnailMaker';

registerScreenEditorStrings();

/** The import route's own body limit (the server refuses larger with 413). */
const IMPORT_MAX_BYTES = 20 * 1024 * 1024;

const Body = styled.div`
  padding: 1.25rem 1.5rem 1.5rem;
`;

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(21rem, 1fr));
  gap: 1rem;
  margin-top: 1rem;
`;

function LibraryView({ title }: { title: string }) {
  const { t } = useTranslation('screenEditor');
  const { message: toast } = App.useApp();
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const user = useAtomValue(userAtom);
  const isSuper = user?.username === SUPER_ADMIN_NAME;
  const canEdit = useHasRight(Right.ScreenEdit) || isSuper;
  const [keyword, setKeyword] = useState('');
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<{ tpl: LibraryTemplate; name: string } | null>(null);
  const list = useQuery({ queryKey: ['screen-library', keyword], queryFn: ({ signal }) => listTemplates(keyword, signal) });
  const templates = list.data?.list ?? [];
  const reload = useCallback(() => queryClient.invalidateQueries({ queryKey: ['screen-library'] }), [queryClient]);

  const run = async (work: () => Promise<unknown>, done = t('lib.done')) => {
    try {
      await work();
      toast.success(done);
    } catch (err) {
      toast.error(t('lib.failed', { error: errorText(err) }));
    } finally {
      await reload();
    }
  };

  const onAction = (action: CardAction, tpl: LibraryTemplate) => {
    switch (action) {
      case 'edit': return navigate(`/nv_screen_graph_editor?id=${tpl.id}`);
      case 'preview': return void window.open(`/nv_screen_graph_preview?id=${tpl.id}`, '_blank', 'noopener');
      case 'rename': return setRenaming({ tpl, name: tpl.name });
      case 'duplicate': return void run(() => copyTemplate(tpl.id));
      case 'activate': return void run(() => setFlag(tpl.id, 'active'));
      case 'default': case 'default-multi': return void run(() => setFlag(tpl.id, action));
      case 'export': return void downloadExport(tpl.id, tpl.name).catch((err: unknown) => toast.error(t('lib.failed', { error: errorText(err) })));
      case 'delete': return void run(() => deleteTemplate(tpl.id), t('lib.deleted', { name: tpl.name }));
    }
  };

  const onImport = async (file: File) => {
    if (file.size > IMPORT_MAX_BYTES) return void toast.error(t('lib.importTooBig'));
    let parsed: unknown;
    try {
      parsed = JSON.parse(await file.text());
    } catch {
      return void toast.error(t('lib.importFailed', { error: t('lib.importNotJson') }));
    }
    try {
      const made = await importTemplate(parsed);
      toast.success(t('lib.imported', { name: made.name }));
    } catch (err) {
      toast.error(t('lib.importFailed', { error: errorText(err) }));
    } finally {
      await reload();
    }
  };

  return (
    <PagePanel data-page="screen-library">
      <PageHeading>{title}</PageHeading>
      <Body>
        <Flex gap="0.5rem" wrap align="center">
          {canEdit && <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setCreating(true)}>{t('lib.create')}</Button>}
          {canEdit && (
            <Upload accept=".json,application/json" showUploadList={false} beforeUpload={(file) => { void onImport(file); return false; }}>
              <Button icon={<ImportOutlined aria-hidden />}>{t('lib.import')}</Button>
            </Upload>
          )}
          <Input.Search allowClear placeholder={t('lib.search')} aria-label={t('lib.search')} style={{ width: '18rem', marginLeft: 'auto' }} onSearch={(v) => setKeyword(v.trim())} />
        </Flex>
        {!canEdit && <Alert style={{ marginTop: '1rem' }} type="info" showIcon title={t('lib.readOnly')} />}
        {list.isError && (
          <Alert style={{ marginTop: '1rem' }} type="error" showIcon title={t('lib.loadFailed', { error: errorText(list.error) })}
            action={<Button size="small" onClick={() => void list.refetch()}>{t('lib.retry')}</Button>} />
        )}
        {list.isPending ? <Spin style={{ display: 'block', margin: '4rem auto' }} /> : (
          <>
            <Typography.Text type="secondary" style={{ display: 'block', marginTop: '0.75rem' }}>{t('lib.count', { count: list.data?.count ?? 0 })}</Typography.Text>
            {templates.length === 0 ? <Empty style={{ margin: '4rem 0' }} description={t('lib.empty')} /> : (
              <Grid>
                {templates.map((tpl) => <TemplateCard key={tpl.id} template={tpl} canEdit={canEdit} canSetDefault onAction={onAction} />)}
              </Grid>
            )}
          </>
        )}
      </Body>
      {canEdit && <ThumbnailMaker templates={templates} onMade={() => void reload()} />}
      {creating && (
        <CreateTemplateDialog templates={templates} onClose={() => setCreating(false)} onCreated={(id) => navigate(`/nv_screen_graph_editor?id=${id}`)} />
      )}
      {renaming && (
        <Modal open title={t('lib.renameTitle', { name: renaming.tpl.name })} okText={t('lib.ok')} cancelText={t('lib.cancel')}
          okButtonProps={{ disabled: !renaming.name.trim() }}
          onCancel={() => setRenaming(null)}
          onOk={() => { const { tpl, name } = renaming; setRenaming(null); void run(() => renameTemplate(tpl.id, name.trim(), tpl.version)); }}>
          <Input aria-label={t('lib.name')} autoFocus maxLength={64} value={renaming.name} onChange={(e) => setRenaming({ ...renaming, name: e.target.value })} />
        </Modal>
      )}
    </PagePanel>
  );
}

/** 大屏模板库 (SPEC §2 super layout; also 大屏管理 of the main layout for users with the template rights). */
export function LibraryPage({ title }: { title: string }) {
  return (
    <AdminProviders>
      <LibraryView title={title} />
    </AdminProviders>
  );
}
