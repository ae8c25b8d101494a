import { DiffOutlined, EyeOutlined, ReloadOutlined, RollbackOutlined } from '@ant-design/icons';
import { Alert, Button, Drawer, Empty, Popconfirm, Select, Space, Spin, Tag, Tooltip, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScreenTemplateRevision } from '../../../../../contract/screen-template-library';
import { PanelRow, RowActions, RowMain, SubTitle } from './panelStyles';
import { RevisionDiff, useRevisionDocs } from './RevisionDiff';
import { listRevisions, revisionPreviewUrl } from './revisionsApi';
import { errorText } from '../../../../shared/errorText';

export interface RevisionsDrawerProps {
  templateId: number;
  /** The template's row version now (the newest revision); the list is read again when it changes. */
  currentVersion: number;
  open: boolean;
  onClose(): void;
  /** Restores a revision (the editor calls the restore API and reloads); a rejection is shown in the drawer. */
  onRestore(revision: number): Promise<void>;
}

type List = { revisions: ScreenTemplateRevision[] } | { error: string } | null;

const when = (time: number, language: string) => new Date(time).toLocaleString(language === 'en' ? 'en-GB' : 'zh-CN', { hour12: false });

/**
 * The template's version history: every save with who and when; per revision a preview (new tab),
 * a comparison with another revision or the current one (widgets added, removed, moved or
 * resized, changed), and a rollback after confirmation.
 */
export function RevisionsDrawer({ templateId, currentVersion, open, onClose, onRestore }: RevisionsDrawerProps) {
  const { t, i18n } = useTranslation('screenEditor');
  const [list, setList] = useState<List>(null);
  const [reloads, setReloads] = useState(0);
  const [compare, setCompare] = useState<{ a: number; b: number } | null>(null);
  const [restoring, setRestoring] = useState<number | null>(null);
  const [restoreError, setRestoreError] = useState<string>();
  const { docs, want, retry } = useRevisionDocs(templateId);

  useEffect(() => {
    if (!open) return undefined;
    const abort = new AbortController();
    setList(null);
    listRevisions(templateId, abort.signal).then(
      (revisions) => setList({ revisions }),
      (err: unknown) => { if (!abort.signal.aborted) setList({ error: errorText(err) }); },
    );
    return () => abort.abort();
  }, [open, templateId, currentVersion, reloads]);

  const before = compare ? Math.min(compare.a, compare.b) : 0;
  const after = compare ? Math.max(compare.a, compare.b) : 0;
  useEffect(() => { want(compare ? [before, after] : []); }, [compare, before, after, want]);

  const revisions = list && 'revisions' in list ? list.revisions : [];
  const current = revisions.find((r) => r.current)?.version ?? currentVersion;
  const startCompare = useCallback((version: number) => {
    setCompare({ a: version, b: version === current ? (revisions.find((r) => r.version < version)?.version ?? version) : current });
  }, [current, revisions]);

  const restore = async (version: number) => {
    setRestoring(version);
    setRestoreError(undefined);
    try {
      await onRestore(version);
      setCompare(null);
    } catch (err) {
      setRestoreError(errorText(err));
    } finally {
      setRestoring(null);
    }
  };

  const label = (r: ScreenTemplateRevision) => `v${r.version} · ${when(r.savedAt, i18n.language)}${r.version === current ? ` · ${t('history.current')}` : ''}`;
  return (
    <Drawer open={open} onClose={onClose} title={t('history.title')} size={560} destroyOnHidden data-drawer="screen-revisions"
      extra={<Button size="small" icon={<ReloadOutlined aria-hidden />} onClick={() => setReloads((n) => n + 1)}>{t('history.reload')}</Button>}>
      {restoreError && <Alert type="error" showIcon title={t('history.restoreFailed')} description={restoreError} closable={{ onClose: () => setRestoreError(undefined) }} style={{ marginBottom: 8 }} />}

      {compare && (
        <div data-section="revision-compare" style={{ marginBottom: 12 }}>
          <SubTitle>{t('history.compareTitle')}</SubTitle>
          <Space wrap size={6} style={{ marginBottom: 8 }}>
            <Select size="small" value={compare.a} onChange={(a) => setCompare({ ...compare, a })} style={{ minWidth: 200 }} aria-label={t('history.compareA')}
              options={revisions.map((r) => ({ value: r.version, label: label(r) }))} />
            <span>↔</span>
            <Select size="small" value={compare.b} onChange={(b) => setCompare({ ...compare, b })} style={{ minWidth: 200 }} aria-label={t('history.compareB')}
              options={revisions.map((r) => ({ value: r.version, label: label(r) }))} />
            <Button size="small" onClick={() => setCompare(null)}>{t('history.closeCompare')}</Button>
          </Space>
          {before === after
            ? <Typography.Text type="secondary">{t('history.pickTwo')}</Typography.Text>
            : (
              <>
                <RevisionDiff before={docs[before]} after={docs[after]} beforeVersion={before} afterVersion={after} />
                {[docs[before], docs[after]].some((d) => d && 'error' in d) && <Button size="small" style={{ marginTop: 6 }} onClick={retry}>{t('history.retry')}</Button>}
              </>
            )}
        </div>
      )}

      <SubTitle>{t('history.listTitle')}</SubTitle>
      {list === null && <Spin style={{ display: 'block', margin: '2rem auto' }} />}
      {list && 'error' in list && (
        <Alert type="error" showIcon title={t('history.loadFailed')} description={list.error}
          action={<Button size="small" onClick={() => setReloads((n) => n + 1)}>{t('history.retry')}</Button>} />
      )}
      {list && 'revisions' in list && revisions.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('history.empty')} />}
      {revisions.map((r) => {
        const isCurrent = r.version === current;
        const comparing = compare !== null && (compare.a === r.version || compare.b === r.version);
        return (
          <PanelRow key={r.version} $active={comparing} data-revision={r.version}>
            <RowMain>
              <Space size={4} wrap>
                <Typography.Text strong>v{r.version}</Typography.Text>
                {isCurrent && <Tag color="green">{t('history.current')}</Tag>}
                <Typography.Text ellipsis={{ tooltip: r.name }} style={{ maxWidth: '14rem' }}>{r.name}</Typography.Text>
              </Space>
              <Typography.Text type="secondary" style={{ display: 'block', fontSize: '0.8rem' }}>
                {t('history.savedBy', { user: r.savedBy ?? t('history.unknownUser'), time: when(r.savedAt, i18n.language) })}
                {' · '}
                {t('history.widgets', { count: r.widgetCount })}
              </Typography.Text>
            </RowMain>
            <RowActions>
              <Tooltip title={t('history.previewHint')}>
                <Button size="small" type="text" icon={<EyeOutlined aria-hidden />} href={revisionPreviewUrl(templateId, r.version)} target="_blank" rel="noopener noreferrer">
                  {t('history.preview')}
                </Button>
              </Tooltip>
              <Button size="small" type="text" icon={<DiffOutlined aria-hidden />} onClick={() => startCompare(r.version)} data-action="compare">
                {t('history.compare')}
              </Button>
              <Popconfirm
                title={t('history.confirmRestore', { version: r.version })}
                description={t('history.confirmRestoreHint')}
                okText={t('history.restore')}
                cancelText={t('data.cancel')}
                onConfirm={() => restore(r.version)}
                disabled={isCurrent || restoring !== null}
              >
                <Button size="small" type="text" danger icon={<RollbackOutlined aria-hidden />} disabled={isCurrent || (restoring !== null && restoring !== r.version)}
                  loading={restoring === r.version} data-action="restore">
                  {t('history.restore')}
                </Button>
              </Popconfirm>
            </RowActions>
          </PanelRow>
        );
      })}
    </Drawer>
  );
}
