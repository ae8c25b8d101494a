import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { startTokenRefresh } from '../shared/tokenRefresh';
import { Button } from '../shared/ui/Button';
import { ConsoleRoutes } from './ConsoleRoutes';
import { ForcedLogoutDialog } from './hub/ForcedLogoutDialog';
import { LiveDialogs } from './hub/LiveDialogs';
import { MaintenanceDialog } from './hub/MaintenanceDialog';
import { useConsoleHub } from './hub/useConsoleHub';
import { StatusScreen } from './StatusScreen';
import { useResponsiveLayout } from './useResponsiveLayout';
import { BOOTSTRAP_RETRY_MS, useSessionBootstrap } from './useSessionBootstrap';

/**
 * Everything behind login, loaded as its own chunk so the login page stays small: the session
 * (user, menu, token refresh every 15 minutes), the realtime hub, the responsive state and the
 * routes.
 */
export function Console() {
  return (
    <>
      <ConsoleBody />
      <LiveDialogs />
      <ForcedLogoutDialog />
      <MaintenanceDialog />
    </>
  );
}

function ConsoleBody() {
  const { t } = useTranslation();
  const [state, retry] = useSessionBootstrap();
  useResponsiveLayout();
  useEffect(() => startTokenRefresh(), []);
  useConsoleHub();

  if (state.status === 'loading') return <StatusScreen busy>{t('common.loading')}</StatusScreen>;
  if (state.status === 'failed') {
    return (
      <StatusScreen>
        <p role="alert" style={{ margin: 0 }}>{t('session.loadFailed', { error: state.error || t('errors.network') })}</p>
        <p style={{ margin: 0, opacity: 0.7 }}>{t('session.autoRetry', { seconds: BOOTSTRAP_RETRY_MS / 1000 })}</p>
        <Button type="button" onClick={retry}>{t('common.retry')}</Button>
      </StatusScreen>
    );
  }
  return <ConsoleRoutes />;
}
