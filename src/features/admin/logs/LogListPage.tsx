import { DownloadOutlined, LoadingOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Flex, Tag } from 'antd';
import { Table } from '../kit/CardTable';
import type { TablePaginationConfig } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { PAGE_SIZES } from '../../../../contract/constants';
import type { LogLine } from '../../../../contract/logs';
import { Right } from '../../../../contract/rights';
import { PageHeading, PagePanel } from '../../../shared/ui/PagePanel';
import { useHasRight } from '../../../shared/user';
import { formatDateTime } from '../kit/cellValue';
import { withFilters } from '../kit/listState';
import { useListState } from '../kit/useListState';
import { writeXlsx } from '../kit/writeXlsx';
import { buildXlsxRows, exportFileName } from '../kit/xlsxRows';
import { PanelBody } from '../ResourceListPage';
import { fetchAllLogs, fetchLogPage } from './logApi';
import { detailSummary, parseLogDetail } from './logDetail';
import { LogDetailView } from './LogDetailView';
import { LogFilterBar } from './LogFilterBar';
import { LOG_COLUMNS, MY_LOG_VIEW, SYS_LOG_VIEW } from './logView';
import { useLogTexts, type LogTexts } from './useLogTexts';
import { errorText } from '../../../shared/errorText';

const ListRoot = styled.div`
  display: flex;
  flex-direction: column;
  gap: 1rem;
`;

const ACTION_COLORS: Record<string, string> = { login: 'blue', add: 'green', edit: 'gold', delete: 'red', 'remote-control': 'purple', backup: 'cyan', restore: 'magenta' };

/** Exports the whole filtered log (every page, newest first) to an .xlsx file, with the details in words. */
function useLogExport(mine: boolean, state: Parameters<typeof fetchAllLogs>[1], title: string, texts: LogTexts) {
  const { t, i18n } = useTranslation('admin');
  const { message } = App.useApp();
  const [exporting, setExporting] = useState(false);
  const language = i18n.language === 'en' ? 'en' : 'zh';
  const run = async () => {
    setExporting(true);
    try {
      const lines = await fetchAllLogs(mine, state);
      const records = lines.map((l) => ({
        ...l,
        detail: detailSummary(parseLogDetail(l.detail), (f) => texts.fieldLabel(l.target, f), { empty: texts.empty, text: texts.detailText, fact: texts.factLabel }),
      }));
      const data = buildXlsxRows(LOG_COLUMNS, records, (c) => c.label[language], {
        names: () => undefined,
        optionLabel: (_c, value) => texts.actionLabel(String(value)),
        yes: t('kit.yes'),
        no: t('kit.no'),
      });
      await writeXlsx(title, data, exportFileName(title, new Date()));
      message.success(t('kit.exported', { count: lines.length }));
    } catch (err) {
      message.error(t('kit.exportFailed', { error: errorText(err) }));
    } finally {
      setExporting(false);
    }
  };
  return { exporting, run };
}

/**
 * /nv_log (`mine`: the caller's own lines) and /nv_sys_log (everyone's in the caller's data scope):
 * the operation log filtered by action, time range, target and (everyone's) user, newest first,
 * paged 10/20/30/50 with the state in the address, each line's detail expandable and readable,
 * and the filtered list exported to .xlsx.
 */
export function LogListPage({ title, mine }: { title: string; mine: boolean }) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const view = mine ? MY_LOG_VIEW : SYS_LOG_VIEW;
  const right = mine ? Right.LogPreview : Right.SysLogPreview;
  const allowed = useHasRight(right);
  const [state, setState] = useListState(view);
  const texts = useLogTexts();
  const list = useQuery({
    queryKey: ['log', mine ? 'mine' : 'all', state],
    queryFn: ({ signal }) => fetchLogPage(mine, state, signal),
    placeholderData: keepPreviousData,
    enabled: allowed,
  });
  const exporter = useLogExport(mine, state, title, texts);
  const rows = list.data?.list ?? [];
  const count = list.data?.count ?? 0;
  const lastPage = Math.max(1, Math.ceil(count / state.size));
  const pastEnd = !list.isPlaceholderData && list.isSuccess && rows.length === 0 && state.page > lastPage;
  useEffect(() => {
    if (pastEnd) setState({ ...state, page: lastPage });
  }, [pastEnd, lastPage, state, setState]);

  const columns = useMemo<ColumnsType<LogLine>>(() => [
    { key: 'createdAt', title: t('logs.time'), dataIndex: 'createdAt', width: 180, render: (v: number) => formatDateTime(v) },
    ...(mine ? [] : [{ key: 'username', title: t('logs.user'), dataIndex: 'username', width: 160 }]),
    {
      key: 'action', title: t('logs.action'), dataIndex: 'action', width: 120,
      render: (v: string) => <Tag color={ACTION_COLORS[v]}>{texts.actionLabel(v)}</Tag>,
    },
    { key: 'target', title: t('logs.target'), dataIndex: 'target', ellipsis: true },
    { key: 'ip', title: t('logs.ip'), dataIndex: 'ip', width: 160 },
  ], [mine, t, texts]);

  const onTableChange = (pagination: TablePaginationConfig) => {
    const size = pagination.pageSize ?? state.size;
    setState({ ...state, size, page: size === state.size ? pagination.current ?? 1 : 1 });
  };

  return (
    <PagePanel>
      <PageHeading>{title}</PageHeading>
      <PanelBody>
        {!allowed ? <Alert type="warning" showIcon title={t('logs.noRight', { right })} /> : (
          <ListRoot data-log={mine ? 'mine' : 'all'}>
            <LogFilterBar key={JSON.stringify(state.filters)} mine={mine} filters={state.filters} onChange={(filters) => setState(withFilters(state, filters))} />
            <Flex gap="0.5rem" justify="flex-end">
              <Button icon={<DownloadOutlined aria-hidden />} loading={exporter.exporting && { icon: <LoadingOutlined aria-hidden /> }} onClick={() => void exporter.run()}>
                {t('kit.export')}
              </Button>
            </Flex>
            {list.isError && (
              <Alert type="error" showIcon title={t('kit.loadFailed', { error: list.error.message })} action={<Button size="small" onClick={() => void list.refetch()}>{t('kit.retry')}</Button>} />
            )}
            <Table<LogLine>
              rowKey="id"
              size="middle"
              columns={columns}
              dataSource={rows}
              loading={list.isFetching}
              onChange={onTableChange}
              locale={{ emptyText: tc('common.noData') }}
              expandable={{ expandedRowRender: (line) => <LogDetailView line={line} texts={texts} />, rowExpandable: (line) => line.detail !== '' }}
              pagination={{
                current: state.page,
                pageSize: state.size,
                total: count,
                showSizeChanger: true,
                pageSizeOptions: PAGE_SIZES.map(String),
                showTotal: (total) => t('kit.total', { count: total }),
              }}
            />
          </ListRoot>
        )}
      </PanelBody>
    </PagePanel>
  );
}
