import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Collapse, Space, Spin, Tag, Typography } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataSource, TemplateVariable } from '../model/types';
import { formatSample } from './formatSample';
import { JsonText } from './panelStyles';
import { requestKey, sampleRequest } from './sampleRequest';
import type { SourceSamples } from './useSourceSamples';

/** The request of a sample as one line: `GET /api/x?projectId=7`. */
function requestLine(source: DataSource, variables: readonly TemplateVariable[]): string {
  const r = sampleRequest({ variables }, source);
  if (r.kind === 'hub') return `${r.topic} · ${r.event}`;
  if (r.kind === 'missing') return source.kind === 'rest' ? source.endpoint : source.topic;
  const query = new URLSearchParams(Object.entries(r.params).map(([k, v]) => [k, String(v)])).toString();
  return `GET ${r.endpoint}${query ? `?${query}` : ''}`;
}

/**
 * Reads a source's sample when it has none of its current request (REST), or listens to its
 * pushes while shown (hub). Shared by the sample view and the binding editor.
 */
export function useSampleOf(samples: SourceSamples, source: DataSource | undefined, variables: readonly TemplateVariable[]) {
  const key = source ? `${source.id}:${requestKey(sampleRequest({ variables }, source))}` : '';
  const sample = source ? samples.get(source) : undefined;
  const { load, listen } = samples;
  const missing = !sample;
  useEffect(() => {
    if (!source || source.kind === 'hub' || !missing) return;
    load(source);
  // `key` stands for the source: only a new request (source or defaults edited) reads again; refreshing is the user's call.
  }, [key, missing, load]);
  useEffect(() => (source?.kind === 'hub' ? listen(source) : undefined), [key, listen]);
  return sample;
}

interface Props {
  source: DataSource;
  variables: readonly TemplateVariable[];
  samples: SourceSamples;
  /** Whether the JSON starts open. */
  open?: boolean;
  /** The heading of the collapsible JSON (default: the live sample). */
  label?: string;
}

/** A source's live sample: what was asked, the answer as JSON (collapsible, truncated when big), refresh, or the error. */
export function SampleView({ source, variables, samples, open = true, label }: Props) {
  const { t, i18n } = useTranslation('screenEditor');
  const sample = useSampleOf(samples, source, variables);
  const formatted = useMemo(() => (sample && (sample.status === 'ok' || sample.data !== undefined) ? formatSample(sample.data) : null), [sample]);
  const at = sample?.at ? new Date(sample.at).toLocaleTimeString(i18n.language === 'en' ? 'en-GB' : 'zh-CN', { hour12: false }) : null;

  return (
    <div data-sample={source.id} data-sample-status={sample?.status ?? 'none'}>
      <Space size={4} style={{ width: '100%', justifyContent: 'space-between' }} align="start">
        <Typography.Text type="secondary" style={{ fontSize: '0.75rem', fontFamily: 'monospace', wordBreak: 'break-all' }}>
          {requestLine(source, variables)}
        </Typography.Text>
        {source.kind === 'rest' && (
          <Button size="small" icon={<ReloadOutlined aria-hidden />} loading={sample?.status === 'loading'} onClick={() => samples.load(source, true)} data-action="refresh-sample">
            {t('data.sample.refresh')}
          </Button>
        )}
      </Space>
      {sample?.status === 'missing' && sample.request.kind === 'missing' && (
        <Alert type="warning" showIcon style={{ marginTop: 6 }} title={t('data.sample.missing', { names: sample.request.variables.join(', ') })} />
      )}
      {sample?.status === 'error' && <Alert type="error" showIcon style={{ marginTop: 6 }} title={t('data.sample.failed')} description={sample.error} />}
      {sample?.status === 'listening' && <Alert type="info" showIcon style={{ marginTop: 6 }} title={t('data.sample.listening')} />}
      {sample?.status === 'loading' && !formatted && <Spin size="small" style={{ display: 'block', margin: '0.75rem auto' }} />}
      {formatted && (
        <Collapse
          size="small"
          style={{ marginTop: 6 }}
          defaultActiveKey={open ? ['json'] : []}
          items={[{
            key: 'json',
            label: (
              <Space size={4} wrap>
                <span>{label ?? t('data.sample.title')}</span>
                {at && <Typography.Text type="secondary" style={{ fontSize: '0.75rem' }}>{at}</Typography.Text>}
                {formatted.truncated && <Tag color="orange">{t('data.sample.truncated')}</Tag>}
              </Space>
            ),
            children: <JsonText data-json="sample">{formatted.text}</JsonText>,
          }]}
        />
      )}
    </div>
  );
}
