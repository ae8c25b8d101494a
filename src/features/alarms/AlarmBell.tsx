import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useLocation } from 'wouter';
import { formatAlarmContent } from '../../../contract/alarm-content';
import type { RealAlarm } from '../../../contract/alarms';
import { Right } from '../../../contract/rights';
import { badgeText } from '../../shared/badge';
import { showToast } from '../../shared/feedback';
import { alarmRefreshAtom } from '../../shared/refreshSignals';
import { Dropdown, LinkButton, PanelEmpty, PanelFooter, PanelHeader } from '../../shared/ui/Dropdown';
import { Icon } from '../../shared/ui/Icon';
import { useHasRight } from '../../shared/user';
import { fetchAlarmCount } from './alarmApi';
import { useLiveAlarms } from './useLiveAlarms';

export const REALTIME_ALARM_PATH = '/nv_intelligent_alarm/nv_realtime_alarm';

const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Item = styled.li`
  padding: 0.75rem 1rem;
  border-bottom: 1px solid ${({ theme }) => theme.surfaceBorder};
  &:last-child { border-bottom: none; }
`;

const Line = styled.div`
  display: flex;
  align-items: center;
  gap: 0.5rem;
  min-width: 0;
  color: ${({ theme }) => theme.textMuted};
  font-size: 0.875rem;
  & > span { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
`;

const Content = styled.div`
  margin-top: 0.375rem;
  color: ${({ theme }) => theme.textStrong};
  font-size: 0.9375rem;
  line-height: 1.5;
`;

const STATE_COLORS = { normal: '#4cd18a', alarm: '#ff6b6b', offline: '#8aa2bd' } as const;
type DeviceStateName = keyof typeof STATE_COLORS;

const stateName = (state: number): DeviceStateName => (state === 1 ? 'normal' : state === 2 ? 'alarm' : 'offline');

const StateTag = styled.span<{ $state: DeviceStateName }>`
  flex: none;
  padding: 0 0.375rem;
  border-radius: 0.25rem;
  border: 1px solid ${({ $state }) => STATE_COLORS[$state]};
  color: ${({ $state }) => STATE_COLORS[$state]};
  font-size: 0.75rem;
  line-height: 1.25rem;
`;

function AlarmRow({ alarm }: { alarm: RealAlarm }) {
  const { t } = useTranslation();
  const state = stateName(alarm.deviceState);
  return (
    <Item data-testid="alarm-item" data-alarm-id={alarm.id}>
      <Line>
        <span>{alarm.projectName}</span>
        <span aria-hidden="true">·</span>
        <span>{alarm.deviceName}</span>
        <StateTag $state={state}>{t(`alarm.state.${state}`)}</StateTag>
      </Line>
      <Content>{alarm.alarmContent || formatAlarmContent(alarm)}</Content>
    </Item>
  );
}

/** The bell's list: the five newest (SPEC §2, §9), in the one order of contract/live-alarms.ts. */
const BELL_ALARMS = { filter: {}, order: 'time', page: 1, size: 5 } as const;

/**
 * The real-time alarm bell (SPEC §2): the count as a badge (99+, hidden at 0) and, when opened,
 * the five newest alarms or 暂无实时告警 — read when opened and kept live by the hub's pushes the
 * way the wall's ticker and 实时告警 keep theirs (useLiveAlarms). The count refreshes whenever
 * `alarmRefreshAtom` changes. 查看更多 needs real-alarm-preview.
 */
export function AlarmBell() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const canPreview = useHasRight(Right.RealAlarmPreview);
  const refresh = useAtomValue(alarmRefreshAtom);
  const [open, setOpen] = useState(false);
  const [count, setCount] = useState(0);
  const alarms = useLiveAlarms({ ...BELL_ALARMS, enabled: open }).list;

  useEffect(() => {
    const controller = new AbortController();
    fetchAlarmCount(controller.signal).then(setCount, () => {});
    return () => controller.abort();
  }, [refresh]);


  const seeMore = () => {
    setOpen(false);
    if (canPreview) navigate(REALTIME_ALARM_PATH);
    else showToast('warning', t('alarm.noRight'));
  };

  return (
    <Dropdown
      label={t('alarm.title')}
      trigger={<Icon name="bell" />}
      badge={badgeText(count)}
      open={open}
      onOpenChange={setOpen}
      width="26rem"
      testId="alarm-bell"
    >
      <PanelHeader>{t('alarm.title')}</PanelHeader>
      {alarms === undefined ? (
        <PanelEmpty>{t('common.loading')}</PanelEmpty>
      ) : alarms.length === 0 ? (
        <PanelEmpty>{t('alarm.empty')}</PanelEmpty>
      ) : (
        <List>{alarms.slice(0, BELL_ALARMS.size).map((alarm) => <AlarmRow key={alarm.id} alarm={alarm} />)}</List>
      )}
      <PanelFooter>
        <LinkButton type="button" onClick={seeMore}>{t('common.seeMore')}</LinkButton>
      </PanelFooter>
    </Dropdown>
  );
}
