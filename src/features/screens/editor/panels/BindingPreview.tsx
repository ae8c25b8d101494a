import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { Alert, Collapse, Space, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { WIDGET_SCHEMAS } from '../../../../../contract/widgets';
import { applyBinding } from '../../../../../screens/runtime/applyBinding';
import type { Binding, DataSource, EditorWidget } from '../model/types';
import { checkBoundData } from './checkBoundData';
import { formatSample } from './formatSample';
import { JsonText, SubTitle } from './panelStyles';
import type { Sample } from './useSourceSamples';

interface Props {
  widget: EditorWidget;
  source: DataSource;
  /** The binding as typed when it is valid, else the widget's own. */
  binding: Binding | undefined;
  sample: Sample | undefined;
}

/**
 * What the widget will receive: the runtime's own `applyBinding` over the live sample, and whether
 * that fits the widget type's data schema (green, or red with the first zod issue).
 */
export function BindingPreview({ widget, source, binding, sample }: Props) {
  const { t, i18n } = useTranslation('screenEditor');
  const schema = WIDGET_SCHEMAS[widget.type];
  const hasSample = !!sample && (sample.status === 'ok' || sample.data !== undefined);
  const bound = useMemo(() => (hasSample ? applyBinding(sample!.data, binding) : undefined), [hasSample, sample, binding]);
  const check = useMemo(() => checkBoundData(schema.data, bound), [schema, bound]);
  const formatted = useMemo(() => (check.status === 'noData' ? null : formatSample(bound)), [check, bound]);
  const typeName = schema.label[i18n.language === 'en' ? 'en' : 'zh'];
  const expected = t(`data.expects.${widget.type}`, { defaultValue: schema.data.description ?? '' });

  return (
    <div data-binding-preview={check.status}>
      <SubTitle>{t('data.preview.title')}</SubTitle>
      {source.kind === 'hub' && <Alert type="info" showIcon style={{ marginBottom: 6 }} title={t('data.preview.hub')} />}
      {!hasSample && source.kind === 'rest' && (
        <Typography.Text type="secondary" style={{ fontSize: '0.8rem' }}>{sample?.status === 'error' ? t('data.preview.sampleFailed') : t('data.preview.waiting')}</Typography.Text>
      )}
      {hasSample && check.status === 'noData' && <Alert type="warning" showIcon title={t('data.preview.nothing')} />}
      {check.status === 'matches' && (
        <Tag color="success" icon={<CheckCircleFilled aria-hidden />} data-check="matches">{t('data.preview.matches', { type: typeName })}</Tag>
      )}
      {check.status === 'mismatch' && (
        <Alert
          type="error"
          showIcon
          icon={<CloseCircleFilled aria-hidden />}
          data-check="mismatch"
          title={t('data.preview.mismatch', { type: typeName })}
          description={(
            <Space orientation="vertical" size={2}>
              <Typography.Text code style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{check.issue}</Typography.Text>
              {check.more > 0 && <Typography.Text type="secondary">{t('data.preview.moreIssues', { count: check.more })}</Typography.Text>}
            </Space>
          )}
        />
      )}
      {expected && check.status !== 'matches' && (
        <Typography.Paragraph type="secondary" style={{ fontSize: '0.75rem', margin: '6px 0 0' }}>
          {t('data.preview.expects', { shape: expected })}
        </Typography.Paragraph>
      )}
      {formatted && (
        <Collapse
          size="small"
          style={{ marginTop: 6 }}
          defaultActiveKey={['bound']}
          items={[{
            key: 'bound',
            label: (
              <Space size={4}>
                <span>{t('data.preview.bound')}</span>
                {formatted.truncated && <Tag color="orange">{t('data.sample.truncated')}</Tag>}
              </Space>
            ),
            children: <JsonText data-json="bound">{formatted.text}</JsonText>,
          }]}
        />
      )}
    </div>
  );
}
