import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useLocation } from 'wouter';
import { formatAlarmContent } from '../../../contract/alarm-content';
import { HubNoticeType, HubTopic, type DeviceStateData, type MeasureWarningData } from '../../../contract/hub';
import { Right } from '../../../contract/rights';
import { REALTIME_ALARM_PATH } from '../../features/alarms/AlarmBell';
import { apiGet } from '../../shared/http';
import { hubOwnerAtom } from '../../shared/hub/hubOwnerAtom';
import { dialogAllowed, dialogSettingsAtom, loadDialogSettings } from '../../shared/systemSettings';
import { Icon } from '../../shared/ui/Icon';
import { useHasRight, userAtom } from '../../shared/user';

/** How long a card stays, and how many show at once (the oldest goes first). */
export const LIVE_DIALOG_MS = 10_000;
const MAX_CARDS = 3;

type NewCard =
  | { kind: 'warning'; title: string; text: string; level: number }
  | { kind: 'online' | 'offline'; title: string; text: string };
type Card = NewCard & { id: number };

const Stack = styled.div`
  position: fixed;
  top: 4.5rem;
  right: 1rem;
  z-index: 2500;
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  width: min(22rem, calc(100vw - 2rem));
  pointer-events: none;
`;

const LEVEL_COLORS = ['#4c9ee8', '#f5a524', '#ff6b6b'];

const CardBox = styled.div<{ $accent: string }>`
  pointer-events: auto;
  padding: 0.75rem 1rem;
  border-radius: 0.5rem;
  border: 1px solid ${({ theme }) => theme.surfaceBorder};
  border-left: 0.25rem solid ${({ $accent }) => $accent};
  background: ${({ theme }) => (theme.mode === 'dark' ? '#10223d' : '#ffffff')};
  box-shadow: 0 0.75rem 2rem rgba(0, 0, 0, 0.3);
  color: ${({ theme }) => theme.text};
  font-size: 0.875rem;
`;

const CardHead = styled.div`
  display: flex;
  align-items: center;
  gap: 0.5rem;
  color: ${({ theme }) => theme.textStrong};
  font-weight: 600;
  & > span { flex: 1; }
  & > button {
    border: 0; background: none; padding: 0.125rem; cursor: pointer; color: ${({ theme }) => theme.textMuted};
  }
`;

const CardText = styled.p`
  margin: 0.375rem 0 0;
  line-height: 1.5;
  overflow-wrap: anywhere;
`;

const CardLink = styled.button`
  margin-top: 0.375rem;
  padding: 0;
  border: 0;
  background: none;
  color: ${({ theme }) => theme.accentText};
  cursor: pointer;
  font-size: 0.8125rem;
`;

/**
 * SPEC §1's warning and online dialogs: while the administrator's switch (系统设置) and this
 * deployment's config.json allow it, a new real-time alarm (a `measureWarning` raise) and a device
 * going offline, or back online after this console saw it go offline (`deviceState` on the
 * `statistics` topic), pop up as a card in the corner for ten seconds — never modal, at most three.
 * Everything (subscriptions, timers, the names request) ends when the console unmounts.
 */
export function LiveDialogs() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const owner = useAtomValue(hubOwnerAtom);
  const saved = useAtomValue(dialogSettingsAtom);
  const userId = useAtomValue(userAtom)?.userId ?? null;
  const canPreview = useHasRight(Right.RealAlarmPreview);
  const [cards, setCards] = useState<Card[]>([]);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const nextId = useRef(1);
  const warningOn = dialogAllowed(saved, 'warning');
  const onlineOn = dialogAllowed(saved, 'online');

  // The administrator's switches, read once per signed-in user.
  useEffect(() => {
    if (userId === null) return undefined;
    const controller = new AbortController();
    loadDialogSettings(controller.signal).catch(() => undefined);
    return () => controller.abort();
  }, [userId]);

  const dismiss = (id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setCards((list) => list.filter((c) => c.id !== id));
  };

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  useEffect(() => {
    if (!owner || (!warningOn && !onlineOn)) return undefined;
    const controller = new AbortController();
    let names: Promise<Map<number, string>> | null = null;
    const deviceName = async (id: number) => {
      names ??= apiGet<{ id: number; name: string }[]>('/t_device/names', undefined, controller.signal)
        .then((list) => new Map(list.map((d) => [d.id, d.name])), () => new Map<number, string>());
      return (await names).get(id) ?? `#${id}`;
    };
    const show = (card: NewCard) => {
      if (controller.signal.aborted) return;
      const id = nextId.current++;
      timers.current.set(id, setTimeout(() => dismiss(id), LIVE_DIALOG_MS));
      setCards((list) => {
        const next: Card[] = [...list, { ...card, id }];
        for (const gone of next.slice(0, Math.max(0, next.length - MAX_CARDS))) {
          clearTimeout(timers.current.get(gone.id));
          timers.current.delete(gone.id);
        }
        return next.slice(-MAX_CARDS);
      });
    };
    const lastState = new Map<number, number>();
    const offs: (() => void)[] = [];
    if (warningOn) {
      offs.push(owner.on(HubNoticeType.MeasureWarning, (notice) => {
        const data = notice.data as MeasureWarningData;
        if (data.action !== 'raise') return;
        const a = data.alarm;
        show({
          kind: 'warning', level: a.warnLevel, title: t('liveDialog.warningTitle'),
          text: `${a.projectName ? `${a.projectName} · ` : ''}${a.deviceName}：${a.alarmContent || formatAlarmContent(a)}`,
        });
      }));
    }
    if (onlineOn) {
      offs.push(owner.subscribe(HubTopic.statistics));
      offs.push(owner.on(HubNoticeType.DeviceState, (notice) => {
        const data = notice.data as DeviceStateData;
        const before = lastState.get(data.deviceId);
        lastState.set(data.deviceId, data.state);
        const offline = data.state === 0;
        // Offline once per outage; online only after this console saw the outage (a cleared alarm is not a return).
        if (offline === (before === 0)) return;
        void deviceName(data.deviceId).then((name) => show({
          kind: offline ? 'offline' : 'online',
          title: t(offline ? 'liveDialog.offlineTitle' : 'liveDialog.onlineTitle'),
          text: t(offline ? 'liveDialog.offlineText' : 'liveDialog.onlineText', { name }),
        }));
      }));
    }
    return () => {
      controller.abort();
      for (const off of offs) off();
    };
    // `t` is left out on purpose: a language switch keeps the subscriptions; cards shown keep their text.
  }, [owner, warningOn, onlineOn]);

  if (!cards.length) return null;
  return (
    <Stack data-testid="live-dialogs">
      {cards.map((card) => (
        <CardBox key={card.id} role="status" data-testid={`live-dialog-${card.kind}`}
          $accent={card.kind === 'warning' ? LEVEL_COLORS[card.level] ?? LEVEL_COLORS[2] : card.kind === 'online' ? '#4cd18a' : '#8aa2bd'}>
          <CardHead>
            <Icon name={card.kind === 'warning' ? 'warning' : 'iot'} />
            <span>{card.title}</span>
            <button type="button" aria-label={t('liveDialog.close')} onClick={() => dismiss(card.id)}><Icon name="close" /></button>
          </CardHead>
          <CardText>{card.text}</CardText>
          {card.kind === 'warning' && canPreview && (
            <CardLink type="button" onClick={() => { dismiss(card.id); navigate(REALTIME_ALARM_PATH); }}>{t('liveDialog.view')}</CardLink>
          )}
        </CardBox>
      ))}
    </Stack>
  );
}
