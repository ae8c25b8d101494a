import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import type { NameItem } from '../../../contract/envelope';
import { PROJECT_MONITOR_MAX_DEVICES, PROJECT_MONITOR_TAGS } from '../../../contract/monitoring-constants';
import { GraphLiveView } from '../../../screens/graph/live/GraphLiveView';
import { errorText } from '../../shared/errorText';
import { toggleFullscreen } from '../../shared/fullscreen';
import { createScreenClient } from '../../shared/screen/createScreenClient';
import { appStore } from '../../shared/store';
import { Icon } from '../../shared/ui/Icon';
import { deviceDetailPath, formatShortDateTime, formatTime, formatValue, stateColour, stateKey } from './monitorFormat';
import { fetchProjectNames, idParam } from './monitoringApi';
import { registerMonitoringStrings } from './monitoringStrings';
import { orderedDevices, shownTags, valuesByTag } from './projectMonitorState';
import {
  AlarmItem, AlarmList, Centre, Header, IconButton, Middle, Page, Panel, PanelBody, PanelTitle, Select, Spacer, StateDot, Status, Table, Title,
} from './projectMonitorStyles';
import { StateTiles } from './StateTiles';
import { useProjectMonitor } from './useProjectMonitor';

registerMonitoringStrings();

/** Where the page lives; the console also opens it as the hash route of SPEC §2 (takeSessionFromAddress). */
export const PROJECT_MONITOR_PATH = '/nv_project_monitor/nv_project_monitor';

/**
 * 项目监控 (issue 19): one project live, full window — its devices by state, its graph (组态), its
 * newest alarms and the key measures of its devices — on the hub's `project:<id>` pushes over a
 * snapshot (useProjectMonitor), with a marker while the data cannot be trusted. `?projectId=`
 * picks the project; without it the first the user may see.
 */
export function ProjectMonitorPage() {
  const { t } = useTranslation('monitoring');
  const search = useSearch();
  const [, navigate] = useLocation();
  const askedProject = idParam(new URLSearchParams(search).get('projectId'));
  // One client for the page's lifetime: it follows the console's hub owner itself.
  const client = useMemo(() => createScreenClient(appStore), []);

  const [projects, setProjects] = useState<NameItem[] | null>(null);
  const [projectsError, setProjectsError] = useState<string | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    fetchProjectNames(abort.signal).then(setProjects, (err: unknown) => {
      if (!abort.signal.aborted) setProjectsError(errorText(err));
    });
    return () => abort.abort();
  }, []);
  const projectId = askedProject ?? projects?.[0]?.id;
  const { state, error, stale } = useProjectMonitor(client, projectId);

  const devices = state ? orderedDevices(state) : [];
  const byTag = state ? valuesByTag(state) : new Map();
  const tags = shownTags(byTag, PROJECT_MONITOR_TAGS);

  let measures;
  if (!state) {
    measures = <Centre role={error ? 'alert' : 'status'}>{error ? t('loadFailed', { error }) : t('loading')}</Centre>;
  } else if (!devices.length) {
    measures = <Centre>{t('empty')}</Centre>;
  } else {
    measures = (
      <Table data-monitor-measures="">
        <thead>
          <tr>
            <th>{t('device')}</th><th>{t('state')}</th><th>{t('model')}</th>
            {tags.map((tag) => <th key={tag} className="num">{t(`tags.${tag}`)}</th>)}
            <th>{t('lastSeen')}</th>
          </tr>
        </thead>
        <tbody>
          {devices.map((d) => (
            <tr key={d.id} data-device-id={d.id} data-device-state={stateKey(d.state)}>
              <td><Link href={deviceDetailPath(d.id)} title={t('openDevice')}>{d.name}</Link></td>
              <td><StateDot $colour={stateColour(d.state)}>{t(stateKey(d.state))}</StateDot></td>
              <td>{d.deviceModelName}</td>
              {tags.map((tag) => {
                const v = byTag.get(d.id)?.get(tag);
                return (
                  <td key={tag} className="num" data-tag={tag} data-alarm={v?.alarm ? 'true' : 'false'} title={v ? `${v.measureName} · ${formatShortDateTime(v.ts)}` : undefined}>
                    {v ? formatValue(v.value, v.decimals, v.unit) : '—'}
                  </td>
                );
              })}
              <td>{d.lastSeenAt === null ? t('never') : formatShortDateTime(d.lastSeenAt)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    );
  }

  return (
    <Page data-page="nv_project_monitor" data-project={projectId ?? ''} data-stale={stale ? 'true' : 'false'}>
      <Header>
        <Title>{t('projectMonitor')}</Title>
        <Select
          aria-label={t('project')}
          value={projectId ?? ''}
          disabled={!projects?.length}
          onChange={(e) => navigate(`${PROJECT_MONITOR_PATH}?projectId=${e.target.value}`, { replace: true })}
        >
          {!projects?.length && <option value="">{projects ? t('noProject') : t('pickProject')}</option>}
          {projects?.map((p) => <option key={p.id} value={p.id}>{p.name}</option>)}
        </Select>
        {state && <span>{[state.project.city, state.project.address].filter(Boolean).join(' · ')}</span>}
        <Spacer />
        {state && (
          <Status $stale={stale} data-monitor-status={stale ? 'stale' : 'live'} role={stale ? 'alert' : undefined}>
            {stale ? t('stale') : `${t('live')} · ${t('updated', { time: formatTime(state.updatedAt) })}`}
          </Status>
        )}
        <IconButton type="button" aria-label={t('fullscreen')} title={t('fullscreen')} onClick={() => void toggleFullscreen().catch(() => undefined)}>
          <Icon name="fullscreen" size="1.125rem" />
        </IconButton>
      </Header>
      {projects && !projects.length ? <Centre>{t('noProject')}</Centre> : projectsError && !projects ? <Centre role="alert">{t('loadFailed', { error: projectsError })}</Centre> : (
        <StateTiles counts={state?.counts ?? null} />
      )}
      <Middle>
        <Panel aria-label={t('graph')}>
          <PanelTitle>{t('graph')}</PanelTitle>
          <PanelBody>
            {projectId !== undefined && <GraphLiveView key={projectId} client={client} projectId={projectId} />}
          </PanelBody>
        </Panel>
        <Panel aria-label={t('alarms')} data-monitor-alarms="">
          <PanelTitle>{state ? t('alarmsCount', { count: state.alarmCount }) : t('alarms')}</PanelTitle>
          <PanelBody>
            {state && !state.alarms.length && <Centre>{t('noAlarms')}</Centre>}
            <AlarmList>
              {state?.alarms.map((a) => (
                <AlarmItem key={a.id} $level={a.warnLevel} data-alarm-id={a.id}>
                  <div><span>{formatShortDateTime(a.raisedAt)}</span><span>{t(`levels.${a.warnLevel}`, { defaultValue: String(a.warnLevel) })}</span></div>
                  <div><strong>{a.deviceName}</strong> · {a.measureName}</div>
                  <div>{a.alarmContent}</div>
                </AlarmItem>
              ))}
            </AlarmList>
          </PanelBody>
        </Panel>
      </Middle>
      <Panel aria-label={t('measures')}>
        <PanelTitle>
          {t('measures')}
          {state?.devicesTruncated && <small>{t('devicesTruncated', { count: PROJECT_MONITOR_MAX_DEVICES })}</small>}
        </PanelTitle>
        <PanelBody>{measures}</PanelBody>
      </Panel>
    </Page>
  );
}
