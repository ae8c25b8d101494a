import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PRODUCT_VERSION } from '../../../contract/constants';
import { deviceTypeName } from '../../../contract/enums';
import { useSysInfo } from '../../shared/sysInfo';
import { userAtom } from '../../shared/user';
import { fetchHomeStats, type HomeStats } from './homeApi';
import {
  Bar, BarFill, BarLabel, Card, CardGrid, Eyebrow, Figure, InfoCard, InfoGrid, Intro, Muted, Page, Panel, PanelGrid, PanelTitle, Welcome,
} from './homeStyles';

function Distribution({ title, rows, testId }: { title: string; rows: { name: string; count: number }[]; testId: string }) {
  const { t } = useTranslation();
  const max = Math.max(1, ...rows.map((r) => r.count));
  return (
    <Panel data-testid={testId}>
      <PanelTitle>{title}</PanelTitle>
      {rows.length === 0 && <Muted>{t('common.noData')}</Muted>}
      {rows.map((row) => (
        <Bar key={row.name}>
          <BarLabel>{row.name}</BarLabel>
          <BarFill style={{ width: `${(row.count / max) * 100}%` }} />
          <strong>{row.count}</strong>
        </Bar>
      ))}
    </Panel>
  );
}

/** The root page, application statistics (SPEC §2): who is signed in and how the platform is doing. */
export function HomePage() {
  const { t, i18n } = useTranslation();
  const user = useAtomValue(userAtom);
  const sysInfo = useSysInfo();
  const [stats, setStats] = useState<HomeStats>();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    fetchHomeStats(controller.signal).then(setStats, () => {
      if (!controller.signal.aborted) setFailed(true);
    });
    return () => controller.abort();
  }, []);

  const figure = (value: number | undefined) => (value === undefined ? '—' : value.toLocaleString());
  const cards = [
    { key: 'projects', value: stats?.projects.total, tone: 'primary' },
    { key: 'devices', value: stats?.devices.total, tone: 'primary' },
    { key: 'online', value: stats?.devices.online, tone: 'good' },
    { key: 'offline', value: stats?.devices.offline, tone: 'muted' },
    { key: 'alarmDevices', value: stats?.devices.alarm, tone: 'bad' },
    { key: 'alarms', value: stats?.alarms.total, tone: 'bad' },
  ] as const;

  return (
    <Page>
      <Eyebrow>{t('home.heading')}</Eyebrow>
      <Welcome>{t('home.welcome', { name: user?.nickName ?? '' })}</Welcome>
      <Intro>{t('home.intro')}</Intro>
      <InfoGrid>
        <InfoCard><dt>{t('home.account')}</dt><dd data-testid="user-name">{user?.username}</dd></InfoCard>
        <InfoCard><dt>{t('home.org')}</dt><dd data-testid="org-name">{user?.orgName}</dd></InfoCard>
        <InfoCard><dt>{t('home.version')}</dt><dd data-testid="product-version">{sysInfo?.version ?? PRODUCT_VERSION}</dd></InfoCard>
      </InfoGrid>
      {failed && <Muted role="alert">{t('home.statsFailed')}</Muted>}
      <CardGrid data-testid="home-stats">
        {cards.map((card) => (
          <Card key={card.key} $tone={card.tone}>
            <span>{t(`home.${card.key}`)}</span>
            <Figure>{figure(card.value)}</Figure>
          </Card>
        ))}
      </CardGrid>
      <PanelGrid>
        <Distribution testId="projects-by-region" title={t('home.byRegion')} rows={stats?.projects.byRegion ?? []} />
        <Distribution testId="devices-by-type" title={t('home.byType')} rows={(stats?.devices.byType ?? []).map((r) => ({ ...r, name: deviceTypeName(r.typeId, r.name, i18n.language) }))} />
      </PanelGrid>
    </Page>
  );
}
