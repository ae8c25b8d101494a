import { useQuery } from '@tanstack/react-query';
import { Empty, Select, Spin } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';
import { useMemo, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import styled, { useTheme } from 'styled-components';
import { useLocation, useSearch } from 'wouter';
import { useEChart } from '../../../../screens/widgets/shared/useEChart';
import { fetchProjectNames } from './environmentApi';

export const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.75rem 1rem;
  margin-bottom: 1rem;
`;

export const Cards = styled.div<{ $min?: string }>`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(${({ $min }) => $min ?? '16rem'}, 1fr));
  gap: 1rem;
  margin-bottom: 1rem;
`;

export const Card = styled.section`
  padding: 1rem 1.25rem;
  border-radius: 0.375rem;
  border: 1px solid ${({ theme }) => theme.surfaceBorder};
  min-width: 0;
  h2 {
    margin: 0 0 0.75rem;
    font-size: 1rem;
    color: ${({ theme }) => theme.textStrong};
  }
`;

export const Figures = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(7rem, 1fr));
  gap: 0.75rem;
  margin: 0;
  dt {
    font-size: 0.8125rem;
    color: ${({ theme }) => theme.textMuted};
  }
  dd {
    margin: 0.25rem 0 0;
    font-size: 1.375rem;
    font-weight: 600;
    color: ${({ theme }) => theme.textStrong};
  }
`;

export const Muted = styled.span`
  color: ${({ theme }) => theme.textMuted};
  font-size: 0.8125rem;
`;

const ChartBox = styled.div<{ $height: string }>`
  height: ${({ $height }) => $height};
`;

/** One chart for the element's lifetime (the console's ECharts core; disposed on unmount), with loading and empty states. */
export function Chart({ option, loading, empty, label, height = '20rem' }: {
  option: EChartsCoreOption | null; loading: boolean; empty: boolean; label: string; height?: string;
}) {
  const { ref } = useEChart(option, 1, { notMerge: true, renderer: 'svg' });
  return (
    <Spin spinning={loading}>
      <div style={{ position: 'relative' }}>
        <ChartBox ref={ref} $height={height} role="img" aria-label={label} />
        {empty && !loading && <Empty style={{ position: 'absolute', inset: '35% 0 auto' }} image={Empty.PRESENTED_IMAGE_SIMPLE} />}
      </div>
    </Spin>
  );
}

/** Axis and frame colours of the console theme for a chart option. */
export function useChartStyle() {
  const theme = useTheme();
  return useMemo(() => ({
    axis: {
      axisLabel: { color: theme.textMuted },
      axisLine: { lineStyle: { color: theme.surfaceBorder } },
      splitLine: { lineStyle: { color: theme.surfaceBorder } },
    },
    common: {
      backgroundColor: 'transparent',
      textStyle: { color: theme.text },
      tooltip: { trigger: 'axis' },
      legend: { top: 0, textStyle: { color: theme.text } },
      grid: { left: 52, right: 24, top: 40, bottom: 40 },
    },
    theme,
  }), [theme]);
}

/** A query parameter of the page's address, read and replaced in place (the choice survives a reload and a link). */
export function useSearchParam(name: string): [string | null, (value: string | null) => void] {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const params = new URLSearchParams(search);
  const set = (value: string | null) => {
    const next = new URLSearchParams(search);
    if (value === null || value === '') next.delete(name);
    else next.set(name, value);
    const qs = next.toString();
    navigate(qs ? `${location}?${qs}` : location, { replace: true });
  };
  return [params.get(name), set];
}

/** The project picker: the caller's visible projects, or all of them; the choice is `?projectId=`. */
export function useProjectChoice(): { projectId: number | undefined; picker: ReactElement } {
  const { t } = useTranslation('admin');
  const [raw, setRaw] = useSearchParam('projectId');
  const projects = useQuery({ queryKey: ['env', 'projects'], queryFn: ({ signal }) => fetchProjectNames(signal) });
  const projectId = raw && /^\d+$/.test(raw) ? Number(raw) : undefined;
  const picker = (
    <Select
      aria-label={t('envAnalysis.project')}
      style={{ minWidth: '14rem' }}
      value={projectId ?? 0}
      loading={projects.isPending}
      showSearch={{ optionFilterProp: 'label' }}
      options={[{ value: 0, label: t('envAnalysis.allProjects') }, ...(projects.data ?? []).map((p) => ({ value: p.id, label: p.name }))]}
      onChange={(v: number) => setRaw(v ? String(v) : null)}
    />
  );
  return { projectId, picker };
}

const pad = (n: number) => String(n).padStart(2, '0');
/** Local time as MM-DD HH:mm. */
export function shortTime(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
/** Local date as MM-DD. */
export function shortDate(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
export const percent = (ratio: number | null, digits = 1) => (ratio === null ? '—' : `${(ratio * 100).toFixed(digits)}%`);
export const num = (v: number | null | undefined, digits = 1) => (v === null || v === undefined ? '—' : v.toFixed(digits));
