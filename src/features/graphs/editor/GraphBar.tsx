import { useTranslation } from 'react-i18next';
import type { NameItem } from '../../../../contract/envelope';
import type { ProjectGraphSummary } from '../../../../contract/graph/project-graph';
import { Action, Badge, Bar, Tab, Tabs } from './pageStyles';

interface Props {
  projects: NameItem[] | null;
  projectId: number | null;
  graphs: ProjectGraphSummary[];
  current: ProjectGraphSummary | null;
  canEdit: boolean;
  dirty: boolean;
  busy: boolean;
  onProject: (id: number) => void;
  onGraph: (id: number) => void;
  onCreate: () => void;
  onRename: () => void;
  onSetDefault: () => void;
  onToggleActive: () => void;
  onDelete: () => void;
  onSave: () => void;
}

/** The page's head: project chooser, the project's graphs as tabs, the graph actions and Save. */
export function GraphBar(p: Props) {
  const { t } = useTranslation('graphPage');
  const { current } = p;
  const others = p.graphs.length > 1;
  const live = current ? `/nv_project_visualization?projectId=${current.projectId}&graphId=${current.id}` : null;
  return (
    <>
      <Bar>
        <label>
          {t('project')}
          <select aria-label={t('project')} data-testid="graph-project" value={p.projectId ?? ''} onChange={(e) => p.onProject(Number(e.target.value))}>
            {p.projectId === null && <option value="">{t('pickProject')}</option>}
            {(p.projects ?? []).map((pr) => <option key={pr.id} value={pr.id}>{pr.name}</option>)}
          </select>
        </label>
        <Tabs role="tablist" aria-label={t('graphs')} data-testid="graph-list">
          {p.graphs.map((g) => (
            <Tab key={g.id} type="button" role="tab" aria-selected={g.id === current?.id} $current={g.id === current?.id} data-graph-id={g.id}
              onClick={() => p.onGraph(g.id)}>
              {g.name}
              {g.isDefault && <Badge $tone="primary">{t('isDefault')}</Badge>}
              {!g.isActive && <Badge $tone="muted">{t('inactive')}</Badge>}
            </Tab>
          ))}
        </Tabs>
        {p.canEdit && <Action type="button" disabled={p.busy || p.projectId === null} onClick={p.onCreate}>+ {t('create')}</Action>}
      </Bar>
      {current && (
        <Bar>
          <strong style={{ fontSize: '1rem' }} data-testid="graph-name">{current.name}</strong>
          {p.dirty && <Badge $tone="muted" data-testid="graph-dirty">{t('unsaved')}</Badge>}
          <span style={{ flex: 1 }} />
          {p.canEdit && (
            <>
              <Action type="button" disabled={p.busy} onClick={p.onRename}>{t('rename')}</Action>
              <Action type="button" disabled={p.busy || current.isDefault} onClick={p.onSetDefault}>{t('setDefault')}</Action>
              <label>
                <input type="checkbox" checked={current.isActive} disabled={p.busy} onChange={p.onToggleActive} data-testid="graph-active" />
                {t('active')}
              </label>
              <Action type="button" $danger disabled={p.busy || (current.isDefault && others)} title={current.isDefault && others ? t('deleteDefaultBlocked') : undefined}
                onClick={p.onDelete}>{t('delete')}</Action>
            </>
          )}
          {live && <Action as="a" href={live} target="_blank" rel="noopener" style={{ display: 'inline-flex', alignItems: 'center', textDecoration: 'none' }}>{t('liveView')} ↗</Action>}
          {p.canEdit && (
            <Action type="button" $primary disabled={!p.dirty || p.busy} onClick={p.onSave} data-testid="graph-save">
              {p.busy ? t('saving') : t('save')}
            </Action>
          )}
        </Bar>
      )}
    </>
  );
}
