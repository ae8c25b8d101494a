import { UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Modal, Space, Typography, Upload } from 'antd';
import { Table } from '../kit/CardTable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEVICE_IMPORT_COLUMNS, type DeviceImportField } from '../../../../contract/device-admin';
import type { MeasureProblem } from '../../../../contract/measure-points';
import { ApiRequestError } from '../../../shared/http';
import { errorText } from '../../../shared/errorText';
import { importDevices } from './deviceApi';
import { parseDeviceSheet, type ParsedSheet, type SheetProblem } from './importSheet';
import { readSheetRows } from './readSheet';

type Stage =
  | { kind: 'empty' }
  | { kind: 'problems'; fileName: string; problems: SheetProblem[] }
  | { kind: 'ready'; fileName: string; sheet: ParsedSheet };

/**
 * 批量导入: the sheet is read in the browser, checked by the server without writing (dryRun), and
 * only a sheet without problems can be imported — all its rows in one transaction. Problems are
 * listed with the sheet's own row numbers and column headers.
 */
export function ImportDevicesModal({ onClose }: { onClose(): void }) {
  const { t, i18n } = useTranslation('admin');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [stage, setStage] = useState<Stage>({ kind: 'empty' });
  const [busy, setBusy] = useState(false);
  const en = i18n.language.startsWith('en');
  const columnLabel = (field: DeviceImportField | string) => (field ? t(`devices.columns.${field}`) : '');

  const serverProblems = (sheet: ParsedSheet, err: unknown): SheetProblem[] | null => {
    const listed = err instanceof ApiRequestError ? (err.data as { problems?: MeasureProblem[] } | undefined)?.problems : undefined;
    if (!listed?.length) return null;
    return listed.map((p) => ({ sheetRow: p.row === null ? null : sheet.sheetRows[p.row] ?? null, field: p.field, message: en ? p.messageEn : p.message }));
  };

  const check = async (file: File) => {
    setBusy(true);
    try {
      const rows = await readSheetRows(await file.arrayBuffer());
      const sheet = parseDeviceSheet(rows, {
        missingColumn: (column) => t('devices.missingColumn', { column }), badDate: t('devices.badDate'), badNumber: t('devices.badNumber'), lostDigits: t('devices.lostDigits'),
        emptySheet: t('devices.emptySheet'), tooMany: (count, max) => t('devices.tooMany', { count, max }),
      }, columnLabel);
      if (sheet.problems.length) return setStage({ kind: 'problems', fileName: file.name, problems: sheet.problems });
      try {
        await importDevices(sheet.rows, true);
        setStage({ kind: 'ready', fileName: file.name, sheet });
      } catch (err) {
        const problems = serverProblems(sheet, err);
        if (problems) setStage({ kind: 'problems', fileName: file.name, problems });
        else message.error(t('devices.readFailed', { error: errorText(err) }));
      }
    } catch (err) {
      message.error(t('devices.readFailed', { error: errorText(err) }));
    } finally {
      setBusy(false);
    }
  };

  const run = async () => {
    if (stage.kind !== 'ready') return;
    setBusy(true);
    try {
      const done = await importDevices(stage.sheet.rows, false);
      await queryClient.invalidateQueries({ queryKey: ['resource', 't_device'] });
      message.success(t('devices.imported', { count: done.inserted }));
      onClose();
    } catch (err) {
      const problems = serverProblems(stage.sheet, err);
      if (problems) setStage({ kind: 'problems', fileName: stage.fileName, problems });
      else message.error(t('devices.saveFailed', { error: errorText(err) }));
    } finally {
      setBusy(false);
    }
  };

  const problemColumns = [
    { key: 'row', title: t('devices.sheetRow'), width: 90, render: (_: unknown, p: SheetProblem) => (p.sheetRow === null ? t('devices.sheetWhole') : p.sheetRow) },
    { key: 'column', title: t('devices.column'), width: 180, render: (_: unknown, p: SheetProblem) => columnLabel(p.field) },
    { key: 'message', title: t('devices.message'), dataIndex: 'message' },
  ];

  return (
    <Modal
      open
      title={t('devices.importTitle')}
      width={820}
      onCancel={onClose}
      destroyOnHidden
      footer={(
        <Space>
          <Button onClick={onClose}>{t('devices.cancel')}</Button>
          <Button type="primary" disabled={stage.kind !== 'ready'} loading={busy && stage.kind === 'ready'} onClick={() => void run()}>
            {t('devices.importNow', { count: stage.kind === 'ready' ? stage.sheet.rows.length : 0 })}
          </Button>
        </Space>
      )}
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="device-import">
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('devices.importHint', { columns: DEVICE_IMPORT_COLUMNS.map((c) => columnLabel(c.field)).join('、') })}
        </Typography.Paragraph>
        <Upload accept=".xlsx" maxCount={1} showUploadList={false} beforeUpload={(file) => { void check(file); return false; }}>
          <Button icon={<UploadOutlined aria-hidden />} loading={busy && stage.kind !== 'ready'}>{t('devices.chooseFile')}</Button>
        </Upload>
        {stage.kind === 'ready' && <Alert type="success" showIcon title={`${stage.fileName}：${t('devices.checkedOk', { count: stage.sheet.rows.length })}`} />}
        {stage.kind === 'problems' && (
          <>
            <Alert type="error" showIcon title={`${stage.fileName}：${t('devices.problemsTitle', { count: stage.problems.length })}`} />
            <Table<SheetProblem & { key: number }> size="small" rowKey="key" columns={problemColumns}
              dataSource={stage.problems.map((p, key) => ({ ...p, key }))} pagination={false} scroll={{ y: 320 }} data-testid="import-problems" />
          </>
        )}
      </Space>
    </Modal>
  );
}
