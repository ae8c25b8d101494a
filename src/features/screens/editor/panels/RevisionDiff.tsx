import { Alert, Empty, Space, Spin, Tag, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WIDGET_SCHEMAS } from '../../../../../contract/widgets';
import { diffTemplates } from '../model/diff';
import { parseEditorDoc } from '../model/docSchema';
import type { EditorDoc } from '../model/types';
import { diffRows, formatRect, type DiffRow } from './diffRows';
import { PanelRow, RowMain } from './panelStyles';
import { fetchRevision } from './revisionsApi';
import { errorText } from '../../../../shared/errorText';

type Loaded = { doc: EditorDoc } | { error: string };

/** Revision documents, each read once while the drawer lives (a revision never changes). */
export function useRevisionDocs(templateId: number) {
  const [docs, setDocs] = useState<Record<number, Loaded>>({});
  const [wanted, setWanted] = useState<number[]>([]);
  const reading = useRef(new Set<number>());
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => {
    abort.current?.abort();
    abort.current = null;
  }, []);
  useEffect(() => {
    for (const version of wanted) {
      if (version in docs || reading.current.has(version)) continue;
      reading.current.add(version);
      abort.current ??= new AbortController();
      const { signal } = abort.current;
      const done = (loaded: Loaded) => {
        reading.current.delete(version);
        if (!signal.aborted) setDocs((all) => ({ ...all, [version]: loaded }));
      };
      fetchRevision(templateId, version, signal).then((record) => {
        const parsed = parseEditorDoc(record.content, 'content');
        done(parsed.ok ? { doc: parsed.value } : { error: parsed.error });
      }, (err: unknown) => done({ error: errorText(err) }));
    }
  }, [templateId, wanted, docs]);
  /** Forgets failed reads, so asking again retries them. */
  const retry = () => setDocs((all) => Object.fromEntries(Object.entries(all).filter(([, d]) => !('error' in d))));
  return { docs, want: setWanted, retry };
}

const CHANGE_COLOUR = { added: 'green', removed: 'red', modified: 'blue', changed: 'blue' } as const;

function Row({ row }: { row: DiffRow }) {
  const { t, i18n } = useTranslation('screenEditor');
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  if (row.kind === 'widget') {
    return (
      <PanelRow data-diff-row={row.change} data-widget={row.id}>
        <RowMain>
          <Space size={4} wrap>
            <Tag color={CHANGE_COLOUR[row.change]}>{t(`history.change.${row.change}`)}</Tag>
            <Typography.Text strong>{row.label}</Typography.Text>
            <Typography.Text type="secondary">{WIDGET_SCHEMAS[row.type].label[lang]}</Typography.Text>
          </Space>
          {row.rect && (
            <Typography.Text style={{ display: 'block', fontSize: '0.8rem' }}>
              {t('history.colon', { label: t(`history.rect.${row.rect.change}`) })}<Typography.Text code>{formatRect(row.rect.from)}</Typography.Text> → <Typography.Text code>{formatRect(row.rect.to)}</Typography.Text>
            </Typography.Text>
          )}
          {row.fields.length > 0 && (
            <Typography.Text style={{ display: 'block', fontSize: '0.8rem' }}>
              {t('history.colon', { label: t('history.fields') })}{row.fields.map((f) => f.label?.[lang] ?? t(`history.field.${f.field}`, { defaultValue: f.field.replace(/^props\./, '') })).join(lang === 'en' ? ', ' : '、')}
            </Typography.Text>
          )}
        </RowMain>
      </PanelRow>
    );
  }
  if (row.kind === 'canvas') {
    return (
      <PanelRow data-diff-row="canvas">
        <RowMain>
          <Tag color="blue">{t('history.canvas')}</Tag>
          {t('history.colon', { label: t(`history.canvasField.${row.field}`) })}<Typography.Text code>{String(row.from)}</Typography.Text> → <Typography.Text code>{String(row.to)}</Typography.Text>
        </RowMain>
      </PanelRow>
    );
  }
  return (
    <PanelRow data-diff-row={row.kind}>
      <RowMain>
        <Tag color={CHANGE_COLOUR[row.change]}>{t(`history.change.${row.change}`)}</Tag>
        {t(`history.${row.kind}`)} <Typography.Text code>{row.kind === 'variable' ? `\${${row.id}}` : row.id}</Typography.Text>
      </RowMain>
    </PanelRow>
  );
}

interface Props {
  before: Loaded | undefined;
  after: Loaded | undefined;
  beforeVersion: number;
  afterVersion: number;
}

/** What changed from one revision to another: widgets added, removed, moved or resized (old → new), changed (which fields), and the rest. */
export function RevisionDiff({ before, after, beforeVersion, afterVersion }: Props) {
  const { t } = useTranslation('screenEditor');
  const result = useMemo(() => {
    if (!before || !after || 'error' in before || 'error' in after) return null;
    const diff = diffTemplates(before.doc, after.doc);
    return { diff, rows: diffRows(diff, before.doc, after.doc) };
  }, [before, after]);

  const failed = [before, after].find((d): d is { error: string } => !!d && 'error' in d);
  if (failed) return <Alert type="error" showIcon title={t('history.loadDocFailed')} description={failed.error} />;
  if (!result) return <Spin size="small" style={{ display: 'block', margin: '1rem auto' }} />;
  const { summary } = result.diff;
  return (
    <div data-revision-diff={`${beforeVersion}-${afterVersion}`}>
      <Typography.Paragraph type="secondary" style={{ fontSize: '0.85rem', marginBottom: 6 }}>
        {summary.total === 0
          ? t('history.same', { from: beforeVersion, to: afterVersion })
          : t('history.summary', { from: beforeVersion, to: afterVersion, added: summary.added, removed: summary.removed, moved: summary.moved, changed: summary.changed })}
      </Typography.Paragraph>
      {summary.total === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('history.noChanges')} /> : result.rows.map((row, i) => <Row key={i} row={row} />)}
    </div>
  );
}
