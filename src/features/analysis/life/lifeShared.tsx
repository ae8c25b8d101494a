import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { LifeState } from '../../../../contract/life';
import { useSearchParam } from '../environment/envShared';
import { fetchProjectNames } from './lifeApi';
import { registerLifeStrings } from './lifeStrings';

registerLifeStrings();

/** The life analysis texts: `admin:lifeAnalysis.*`. */
export function useLifeText() {
  const { t, i18n } = useTranslation('admin', { keyPrefix: 'lifeAnalysis' });
  return { t, lang: i18n.language?.startsWith('en') ? 'en' as const : 'zh' as const };
}

const pad = (n: number) => String(n).padStart(2, '0');
/** Local date as YYYY-MM-DD. */
export function ymd(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
/** Local time as YYYY-MM-DD HH:mm. */
export function ymdhm(ms: number): string {
  const d = new Date(ms);
  return `${ymd(ms)} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** antd tag colours of the life states. */
export const STATE_COLOR: Record<LifeState, string> = { due: 'error', warning: 'warning', ok: 'success', unknown: 'default' };

/** A numeric query parameter of the address (`?name=`), or undefined. */
export function useNumberParam(name: string): [number | undefined, (v: number | undefined) => void] {
  const [raw, setRaw] = useSearchParam(name);
  const value = raw && /^\d+$/.test(raw) ? Number(raw) : undefined;
  return [value, (v) => setRaw(v === undefined ? null : String(v))];
}

/** The project picker: the caller's visible projects, or all of them; the choice is `?projectId=`. */
export function useLifeProjectChoice(onChange?: () => void): { projectId: number | undefined; picker: ReactElement } {
  const { t } = useLifeText();
  const [projectId, setProjectId] = useNumberParam('projectId');
  const projects = useQuery({ queryKey: ['life', 'projects'], queryFn: ({ signal }) => fetchProjectNames(signal) });
  const picker = (
    <Select
      aria-label={t('project')}
      style={{ minWidth: '13rem' }}
      value={projectId ?? 0}
      loading={projects.isPending}
      showSearch={{ optionFilterProp: 'label' }}
      options={[{ value: 0, label: t('allProjects') }, ...(projects.data ?? []).map((p) => ({ value: p.id, label: p.name }))]}
      onChange={(v: number) => {
        setProjectId(v || undefined);
        onChange?.();
      }}
    />
  );
  return { projectId, picker };
}
