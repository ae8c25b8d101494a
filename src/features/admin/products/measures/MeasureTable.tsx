import { ArrowDownOutlined, ArrowUpOutlined, CopyOutlined, DeleteOutlined, EditOutlined, ExclamationCircleFilled, FunctionOutlined, MoreOutlined } from '@ant-design/icons';
import { Button, Dropdown, Space, Tag, Tooltip, Typography } from 'antd';
import { Table } from '../../kit/CardTable';
import type { ColumnsType } from 'antd/es/table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { hasLength, registerWidth, type MeasureProblem } from '../../../../../contract/measure-points';
import type { DraftRow } from './draft';
import { conditionText, enumLabel } from './measureLabels';
import { MEASURES_NS, type MeasureLang } from './measureStrings';
import { checkPrintf } from './PrintfEditor';

/** One row of the table with its place in the whole draft (the filter shows some). */
export interface ShownRow {
  row: DraftRow;
  index: number;
}

export interface MeasureTableProps {
  rows: readonly ShownRow[];
  total: number;
  problems: ReadonlyMap<string, readonly MeasureProblem[]>;
  changed: ReadonlySet<string>;
  tagNames: ReadonlyMap<number, string>;
  canEdit: boolean;
  onEdit(key: string): void;
  onDuplicate(key: string): void;
  onDelete(key: string): void;
  onPrintf(key: string): void;
  onMove(key: string, by: number): void;
}

const Wrap = styled.div`
  .ant-table-thead > tr > th,
  .ant-table-tbody > tr > td {
    white-space: nowrap;
  }
  .measure-name {
    min-width: 7rem;
    max-width: 18rem;
  }
  .measure-register {
    font-variant-numeric: tabular-nums;
  }
  .measure-row-problem > td {
    background: ${({ theme }) => theme.dangerBg} !important;
  }
  .measure-row-problem > td:first-child {
    box-shadow: inset 3px 0 0 ${({ theme }) => theme.danger};
  }
  .measure-row-new > td:first-child {
    box-shadow: inset 3px 0 0 #52c41a;
  }
  .measure-row-changed > td:first-child {
    box-shadow: inset 3px 0 0 #faad14;
  }
  .measure-problem-icon {
    color: ${({ theme }) => theme.danger};
  }
  .measure-problem-text {
    display: block;
    margin-top: 0.125rem;
    font-size: 0.75rem;
    line-height: 1.3;
    color: ${({ theme }) => theme.danger};
    white-space: normal;
  }
  .ant-btn-icon-only.ant-btn-sm {
    width: 1.75rem;
  }
`;

const WARN_COLOURS: Record<number, string> = { 0: 'blue', 1: 'gold', 2: 'red' };

/** A printf in a few words: 位映射 2 项 (labels), 公式 x / 10, or —. */
function PrintfSummary({ row }: { row: DraftRow }) {
  const { t } = useTranslation(MEASURES_NS);
  if (!row.printf.trim()) return <Typography.Text type="secondary">{t('printfNone')}</Typography.Text>;
  const parsed = checkPrintf(row.printf, row.dataType);
  if (parsed.ok && parsed.printf.kind === 'bits') {
    const labels = parsed.printf.bits.map(([b, l]) => `${b}:${l}`).join('; ');
    return (
      <Tooltip title={labels}>
        <Typography.Text ellipsis style={{ maxWidth: '10rem' }}>
          <Tag color="purple" style={{ marginInlineEnd: 4 }}>{t('printfBits', { count: parsed.printf.bits.length })}</Tag>
          {parsed.printf.bits.map(([, l]) => l).join('、')}
        </Typography.Text>
      </Tooltip>
    );
  }
  return (
    <Tooltip title={row.printf}>
      <Typography.Text code ellipsis style={{ maxWidth: '10rem' }}>{row.printf}</Typography.Text>
    </Tooltip>
  );
}

export function MeasureTable({ rows, total, problems, changed, tagNames, canEdit, onEdit, onDuplicate, onDelete, onPrintf, onMove }: MeasureTableProps) {
  const { t, i18n } = useTranslation(MEASURES_NS);
  const { t: tc } = useTranslation();
  const lang: MeasureLang = i18n.language === 'en' ? 'en' : 'zh';
  const message = (p: MeasureProblem) => (lang === 'en' ? p.messageEn : p.message);

  const columns = useMemo((): ColumnsType<ShownRow> => [
    { key: 'no', title: t('col.no'), align: 'right', render: (_v, r) => r.index + 1, sorter: (a, b) => a.index - b.index, defaultSortOrder: 'ascend' },
    {
      key: 'name', title: t('col.name'), sorter: (a, b) => a.row.name.localeCompare(b.row.name),
      render: (_v, { row }) => {
        const list = problems.get(row.key) ?? [];
        return (
          <div className="measure-name">
            <Space size={4} wrap={false}>
              {list.length > 0 && (
                <Tooltip title={list.map((p) => <div key={`${p.field}${p.code}${p.message}`}>{message(p)}</div>)}>
                  <ExclamationCircleFilled className="measure-problem-icon" aria-label={t('problems', { count: list.length })} />
                </Tooltip>
              )}
              <Typography.Text strong>{row.name}</Typography.Text>
              {row.id === undefined && <Tag color="green">{t('stateNew')}</Tag>}
              {changed.has(row.key) && <Tag color="gold">{t('stateChanged')}</Tag>}
            </Space>
            {list.length > 0 && <span className="measure-problem-text">{message(list[0])}{list.length > 1 ? ` (+${list.length - 1})` : ''}</span>}
          </div>
        );
      },
    },
    { key: 'group', title: t('col.group'), render: (_v, { row }) => row.group || <Typography.Text type="secondary">{t('noGroup')}</Typography.Text>, sorter: (a, b) => a.row.group.localeCompare(b.row.group) },
    { key: 'measureType', title: t('col.measureType'), render: (_v, { row }) => enumLabel('measureType', row.measureType, lang) },
    { key: 'dataType', title: t('col.dataType'), render: (_v, { row }) => (hasLength(row.dataType) ? `${row.dataType}(${row.length ?? '?'})` : row.dataType) },
    {
      key: 'register', title: t('col.register'),
      sorter: (a, b) => a.row.modbusCode - b.row.modbusCode || a.row.registerAddr - b.row.registerAddr,
      render: (_v, { row }) => {
        const width = registerWidth(row.dataType, row.length);
        return (
          <Tooltip title={`${enumLabel('modbusCode', row.modbusCode, lang)} · ${t('registers', { count: width })}`}>
            <span className="measure-register">
              <Typography.Text type="secondary">{String(row.modbusCode).padStart(2, '0')}</Typography.Text>
              {' · '}
              {width > 1 ? `${row.registerAddr}–${row.registerAddr + width - 1}` : row.registerAddr}
            </span>
          </Tooltip>
        );
      },
    },
    { key: 'access', title: t('col.access'), render: (_v, { row }) => enumLabel('access', row.access, lang) },
    { key: 'unit', title: t('col.unit'), render: (_v, { row }) => row.unit },
    { key: 'tag', title: t('col.tag'), render: (_v, { row }) => (row.tagId === null ? '' : tagNames.get(row.tagId) ?? row.tagId) },
    { key: 'decimals', title: t('col.decimals'), align: 'right', render: (_v, { row }) => (hasLength(row.dataType) ? '' : row.decimals) },
    {
      key: 'alarm', title: t('col.alarm'),
      render: (_v, { row }) => (row.conditionType === null ? '' : (
        <Space size={4} wrap={false}>
          <Typography.Text delete={row.alarmEnabled !== 1} type={row.alarmEnabled === 1 ? undefined : 'secondary'}>
            {conditionText(row.conditionType, row.conditionVal1, row.conditionVal2, lang)}{row.unit && row.conditionVal1 !== null ? ` ${row.unit}` : ''}
          </Typography.Text>
          <Tag color={row.alarmEnabled === 1 ? WARN_COLOURS[row.warnLevel] : undefined} title={row.alarmEnabled === 1 ? t('alarmOn') : t('alarmOff')}>
            {enumLabel('warnLevel', row.warnLevel, lang)}
          </Tag>
        </Space>
      )),
    },
    { key: 'printf', title: t('col.printf'), render: (_v, { row }) => <PrintfSummary row={row} /> },
    {
      key: 'actions', title: t('actions'),
      render: (_v, { row, index }) => (
        <Space size={0} wrap={false}>
          <Tooltip title={canEdit ? t('edit') : t('view')}>
            <Button type="text" size="small" icon={<EditOutlined aria-hidden />} aria-label={canEdit ? t('edit') : t('view')} onClick={() => onEdit(row.key)} />
          </Tooltip>
          {canEdit && (
            <>
              <Tooltip title={t('printf')}>
                <Button type="text" size="small" icon={<FunctionOutlined aria-hidden />} aria-label={t('printf')} onClick={() => onPrintf(row.key)} />
              </Tooltip>
              <Tooltip title={t('duplicate')}>
                <Button type="text" size="small" icon={<CopyOutlined aria-hidden />} aria-label={t('duplicate')} onClick={() => onDuplicate(row.key)} />
              </Tooltip>
              <Tooltip title={t('delete')}>
                <Button type="text" size="small" danger icon={<DeleteOutlined aria-hidden />} aria-label={t('delete')} onClick={() => onDelete(row.key)} />
              </Tooltip>
              <Dropdown
                trigger={['click']}
                menu={{
                  items: [
                    { key: 'up', icon: <ArrowUpOutlined />, label: t('moveUp'), disabled: index === 0 },
                    { key: 'down', icon: <ArrowDownOutlined />, label: t('moveDown'), disabled: index === total - 1 },
                  ],
                  onClick: ({ key }) => onMove(row.key, key === 'up' ? -1 : 1),
                }}
              >
                <Button type="text" size="small" icon={<MoreOutlined aria-hidden />} aria-label={t('more')} />
              </Dropdown>
            </>
          )}
        </Space>
      ),
    },
  ], [t, tc, lang, problems, changed, tagNames, canEdit, total, onEdit, onDuplicate, onDelete, onPrintf, onMove]);

  const virtual = rows.length > 120;
  return (
    <Wrap>
      <Table<ShownRow>
        rowKey={(r) => r.row.key}
        size="small"
        columns={columns}
        dataSource={rows as ShownRow[]}
        pagination={false}
        virtual={virtual}
        scroll={virtual ? { x: 1500, y: 640 } : { x: 'max-content' }}
        rowClassName={({ row }) => (problems.has(row.key) ? 'measure-row-problem' : row.id === undefined ? 'measure-row-new' : changed.has(row.key) ? 'measure-row-changed' : '')}
        locale={{ emptyText: tc('common.noData') }}
      />
    </Wrap>
  );
}
