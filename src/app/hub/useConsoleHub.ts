import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { HUB_PATH } from '../../../contract/hub';
import { getRuntimeConfig } from '../../shared/config';
import { HubConnectionOwner } from '../../shared/hub/HubConnectionOwner';
import { hubOwnerAtom } from '../../shared/hub/hubOwnerAtom';
import { requestAlarmRefresh, requestUnreadRecount } from '../../shared/refreshSignals';
import { clearToken, getToken, getTokenTime } from '../../shared/session';
import { appStore } from '../../shared/store';
import { refreshToken } from '../../shared/tokenRefresh';
import { userAtom } from '../../shared/user';
import { connectConsoleHub } from './connectConsoleHub';
import { createForcedLogout, forcedLogoutAtom } from './forcedLogout';
import { createMaintenanceReaction, maintenanceAtom, setMaintenanceReaction } from './maintenance';

/**
 * The console's one realtime connection: created once the signed-in user is known, connected 5 s
 * later by the owner, wired to the bells and the forced logout, and stopped (timers and socket)
 * when the console unmounts or the user changes.
 */
export function useConsoleHub(): void {
  const userId = useAtomValue(userAtom)?.userId ?? null;

  useEffect(() => {
    if (userId === null) return undefined;
    const owner = new HubConnectionOwner({
      store: appStore,
      hubUrl: `${getRuntimeConfig().apiBaseUrl}${HUB_PATH}`,
      getToken,
      getTokenTime,
      refreshToken,
    });
    const forced = createForcedLogout({
      show: (reason) => appStore.set(forcedLogoutAtom, reason),
      clearToken,
      reload: () => window.location.reload(),
    });
    const maintenance = createMaintenanceReaction({
      show: (data) => appStore.set(maintenanceAtom, data),
      reload: () => window.location.reload(),
    });
    setMaintenanceReaction(maintenance);
    const detach = connectConsoleHub(owner, {
      refreshAlarms: requestAlarmRefresh,
      recountUnread: requestUnreadRecount,
      forceLogout: forced.trigger,
      maintenance: maintenance.handle,
    });
    // Started before it is published: screens following the owner never see it 'disconnected'.
    void owner.setUserId(userId);
    appStore.set(hubOwnerAtom, owner);
    return () => {
      detach();
      forced.cancel();
      maintenance.cancel();
      setMaintenanceReaction(null);
      if (appStore.get(hubOwnerAtom) === owner) appStore.set(hubOwnerAtom, null);
      void owner.dispose();
    };
  }, [userId]);
}
