import { Descriptions, Typography } from 'antd';
import { Table } from '../kit/CardTable';
import { useTranslation } from 'react-i18next';
import type { LogLine } from '../../../../contract/logs';
import { parseLogDetail, valueText, type ChangedField } from './logDetail';
import type { LogTexts } from './useLogTexts';

/** A log line's detail, readable: a change as a table of its fields before and after, facts as a list, text as it is. */
export function LogDetailView({ line, texts }: { line: LogLine; texts: LogTexts }) {
  const { t } = useTranslation('admin');
  const detail = parseLogDetail(line.detail);
  const facts = (extra: [string, unknown][]) => extra.length > 0 && (
    <Descriptions size="small" column={1} items={extra.map(([key, value]) => ({ key, label: texts.factLabel(key), children: valueText(value, texts.empty) }))} />
  );
  switch (detail.kind) {
    case 'none':
      return <Typography.Text type="secondary">{t('logs.noDetail')}</Typography.Text>;
    case 'text':
      return <Typography.Text>{texts.detailText(detail.text)}</Typography.Text>;
    case 'facts':
      return facts(detail.extra) || null;
    case 'change':
      return (
        <div data-testid="log-change">
          <Table<ChangedField>
            size="small"
            rowKey="field"
            pagination={false}
            dataSource={detail.fields}
            columns={[
              { key: 'field', title: t('logs.field'), width: '20%', render: (_, f) => texts.fieldLabel(line.target, f.field) },
              { key: 'before', title: t('logs.before'), render: (_, f) => valueText(f.before, texts.empty) },
              { key: 'after', title: t('logs.after'), render: (_, f) => valueText(f.after, texts.empty) },
            ]}
          />
          {facts(detail.extra)}
        </div>
      );
  }
}
