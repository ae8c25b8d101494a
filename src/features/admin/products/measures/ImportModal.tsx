import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { Alert, App, Button, Descriptions, Flex, Modal, Spin, Typography, Upload } from 'antd';
import { Table } from '../../kit/CardTable';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BatchSaveResult, RegisterTable } from '../../../../../contract/resources/measure';
import { errorText } from '../../../../shared/errorText';
import { batchSave, isStale, problemsOf } from './measureApi';
import { MEASURES_NS, type MeasureLang } from './measureStrings';
import { headerOf, readSheet, type SheetProblem, type SheetRow } from './sheet';
import { readWorkbookRows } from './xlsxFile';

/**
 * 导入: a register sheet (.xlsx) read in the browser and checked row by row against the product's
 * table. Any problem: the report (sheet row, column, message) and nothing written. A clean sheet:
 * what will change, with the removals spelled out, then one batchSave that replaces the table.
 */

export interface ImportModalProps {
  open: boolean;
  table: RegisterTable;
  tags: readonly { id: number; name: string }[];
  onClose(): void;
  onImported(result: BatchSaveResult): void;
  /** The table changed under the import (409): read it again; the plan is made anew. */
  onStale(): void;
  onTemplate(): void;
}

interface ReadFile {
  name: string;
  rows: SheetRow[];
}

export function ImportModal({ open, table, tags, onClose, onImported, onStale, onTemplate }: ImportModalProps) {
  const { t, i18n } = useTranslation(MEASURES_NS);
  const lang: MeasureLang = i18n.language === 'en' ? 'en' : 'zh';
  const { message } = App.useApp();
  const [file, setFile] = useState<ReadFile | null>(null);
  const [reading, setReading] = useState(false);
  const [readError, setReadError] = useState<string | null>(null);
  const [applying, setApplying] = useState(false);
  const [refused, setRefused] = useState<{ problems: SheetProblem[]; error: string } | null>(null);

  // The table read again (after a 409): the plan is made anew against it and may be applied.
  useEffect(() => { setRefused((r) => (r ? null : r)); }, [table]);
  const result = useMemo(() => (file ? readSheet(file.rows, table, { lang, tags }) : null), [file, table, lang, tags]);
  const plan = result?.plan;
  const report = refused?.problems.length ? refused.problems : result?.problems ?? [];

  const read = async (picked: File) => {
    setReading(true);
    setReadError(null);
    setRefused(null);
    setFile(null);
    try {
      const rows = await readWorkbookRows(await picked.arrayBuffer());
      if (!rows) setReadError(t('importNoSheet'));
      else setFile({ name: picked.name, rows });
    } catch (err) {
      setReadError(t('importBadFile', { error: errorText(err) }));
    } finally {
      setReading(false);
    }
  };

  const apply = async () => {
    if (!plan) return;
    setApplying(true);
    try {
      const saved = await batchSave({ deviceModelId: table.model.id, rows: plan.rows, removeIds: plan.removeIds });
      message.success(t('importDone', { inserted: saved.inserted, updated: saved.updated, unchanged: saved.unchanged, removed: saved.removed.length }));
      onImported(saved);
    } catch (err) {
      const problems = problemsOf(err) ?? [];
      setRefused({
        error: errorText(err),
        problems: problems.map((p) => ({
          sheetRow: p.row === null ? null : plan.sheetRows[p.row] ?? null,
          field: p.field,
          column: p.field ? headerOf(p.field, lang) : '',
          message: lang === 'en' ? p.messageEn : p.message,
        })),
      });
      if (isStale(err)) {
        message.warning(t('importStale'));
        onStale();
      }
    } finally {
      setApplying(false);
    }
  };

  const reset = () => {
    setFile(null);
    setReadError(null);
    setRefused(null);
  };

  const footer = (
    <Flex justify="space-between" align="center">
      <Button icon={<DownloadOutlined aria-hidden />} onClick={onTemplate}>{t('template')}</Button>
      <Flex gap="0.5rem">
        {file && <Button onClick={reset}>{t('importAnother')}</Button>}
        <Button onClick={onClose}>{t('cancel')}</Button>
        {plan && !refused && (
          <Button type="primary" danger loading={applying} onClick={() => void apply()}>{t('importApply')}</Button>
        )}
      </Flex>
    </Flex>
  );

  return (
    <Modal open={open} title={`${t('importTitle')} · ${table.model.name}`} width={860} onCancel={onClose} footer={footer} destroyOnHidden maskClosable={!applying}>
      <Flex vertical gap="0.75rem" data-testid="measure-import">
        {!file && (
          <>
            <Typography.Text type="secondary">{t('importLayout')}</Typography.Text>
            <Upload.Dragger
              accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              multiple={false}
              showUploadList={false}
              disabled={reading}
              beforeUpload={(picked) => { void read(picked); return false; }}
              aria-label={t('importPick')}
            >
              <p className="ant-upload-drag-icon"><InboxOutlined aria-hidden /></p>
              <p className="ant-upload-text">{t('importDrop')}</p>
              <p className="ant-upload-hint">{t('importPick')}</p>
            </Upload.Dragger>
            {reading && <Spin tip={t('importReading')}><div style={{ height: '2rem' }} /></Spin>}
            {readError && <Alert type="error" showIcon title={readError} />}
          </>
        )}
        {file && result && report.length > 0 && (
          <>
            <Alert
              type="error"
              showIcon
              title={refused ? t('importFailed', { error: refused.error }) : t('importReport', { file: file.name, count: report.length })}
            />
            <Table<SheetProblem & { key: number }>
              size="small"
              data-testid="measure-import-report"
              pagination={report.length > 100 ? { pageSize: 100, showSizeChanger: false } : false}
              scroll={{ y: 360 }}
              dataSource={report.map((p, key) => ({ ...p, key }))}
              columns={[
                { key: 'row', title: t('importReportRow'), width: 80, render: (_v, p) => p.sheetRow ?? '—' },
                { key: 'column', title: t('importReportColumn'), width: 160, render: (_v, p) => p.column || t('tableProblem') },
                { key: 'message', title: t('importReportMessage'), render: (_v, p) => p.message },
              ]}
            />
          </>
        )}
        {file && plan && !refused && (
          <>
            <Alert type="success" showIcon title={t('importClean', { file: file.name, rows: plan.rows.length })} />
            <Alert
              type="warning"
              showIcon
              title={t('importReplaces', { product: table.model.name })}
              description={plan.removed.length > 0 ? t('importRemovedList', { names: plan.removed.map((r) => r.name).join(lang === 'en' ? ', ' : '、') }) : undefined}
            />
            <Descriptions
              size="small"
              bordered
              column={4}
              items={[
                { key: 'added', label: t('stateNew'), children: plan.added },
                { key: 'changed', label: t('stateChanged'), children: plan.changed },
                { key: 'unchanged', label: t('stateUnchanged'), children: plan.unchanged },
                { key: 'removed', label: t('stateRemoved'), children: <Typography.Text type={plan.removed.length ? 'danger' : undefined}>{plan.removed.length}</Typography.Text> },
              ]}
            />
            <Typography.Text type="secondary" data-testid="measure-import-counts">
              {t('importCounts', { added: plan.added, changed: plan.changed, unchanged: plan.unchanged, removed: plan.removed.length })}
            </Typography.Text>
          </>
        )}
      </Flex>
    </Modal>
  );
}
