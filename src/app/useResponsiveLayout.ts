import { useSetAtom, useStore } from 'jotai';
import { useEffect } from 'react';
import { deviceClassAtom, deviceClassFor, sidebarAfterResize, sidebarAtom } from '../shared/device';

/**
 * Keeps the device class in step with the window width and closes the sidebar at 1200 px or
 * less, reopening it above (SPEC §4). One resize listener for the whole console.
 */
export function useResponsiveLayout(): void {
  const store = useStore();
  const setDevice = useSetAtom(deviceClassAtom);
  useEffect(() => {
    let width = window.innerWidth;
    const onResize = () => {
      const next = window.innerWidth;
      const device = deviceClassFor(next);
      setDevice(device);
      const opened = sidebarAfterResize(width, next);
      if (opened !== undefined) store.set(sidebarAtom, { opened: device === 'mobile' ? false : opened, withoutAnimation: true });
      width = next;
    };
    onResize();
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [setDevice, store]);
}
