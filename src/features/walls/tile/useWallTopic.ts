import { useEffect, useRef } from 'react';
import { HubNoticeType, HubTopic, type WallChangedData } from '../../../../contract/hub';
import type { HubConnectionOwner } from '../../../shared/hub/HubConnectionOwner';
import { hubOwnerAtom } from '../../../shared/hub/hubOwnerAtom';
import { appStore } from '../../../shared/store';

type Store = typeof appStore;

/**
 * Keeps the tile on its wall's hub topic (`wall:<id>`) through the console's connection owner of
 * the moment (the shell may create it after the page started): `onChanged` is called when the
 * wall is saved or deleted, and after every hub (re)connect, when a change may have been missed.
 */
export function useWallTopic(wallId: number, onChanged: (data: WallChangedData | null) => void, store: Store = appStore): void {
  const handler = useRef(onChanged);
  handler.current = onChanged;
  useEffect(() => {
    let owner: HubConnectionOwner | null = null;
    let detach: (() => void) | null = null;
    const attach = (o: HubConnectionOwner) => {
      const offTopic = o.subscribe(HubTopic.wall(wallId));
      const offNotice = o.on(HubNoticeType.WallChanged, (notice) => {
        if (notice.data.wallId === wallId) handler.current(notice.data);
      });
      const offResync = o.onResync(() => handler.current(null));
      return () => {
        offTopic();
        offNotice();
        offResync();
      };
    };
    const follow = () => {
      const next = store.get(hubOwnerAtom);
      if (next === owner) return;
      detach?.();
      owner = next;
      detach = owner ? attach(owner) : null;
    };
    follow();
    const unwatch = store.sub(hubOwnerAtom, follow);
    return () => {
      unwatch();
      detach?.();
    };
  }, [wallId, store]);
}
