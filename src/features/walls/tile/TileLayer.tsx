import { memo, useEffect, useMemo, useRef } from 'react';
import styled from 'styled-components';
import type { CanvasPlacer } from '../../../../screens/runtime/ScreenCanvas';
import type { ScreenEnvironment } from '../../../../screens/runtime/ScreenEnvironment';
import { ScreenRuntime } from '../../../../screens/runtime/ScreenRuntime';
import type { ScreenDataClient } from '../../../../screens/runtime/types';
import type { TileItem } from './displayPlan';
import { readinessOf } from './tileReadiness';

/** How often a mount being prepared is looked at until it shows its data. */
const READY_POLL_MS = 200;

/**
 * One item's full-window layer; one being prepared is laid out at the same size but not seen.
 * Opacity as well as visibility: a descendant may set `visibility: visible` itself (maxGraph
 * does), opacity cannot be undone below; and the item on screen lies above it.
 */
const Layer = styled.div`
  position: absolute;
  inset: 0;
  overflow: hidden;
  z-index: 1;
  &[data-wall-layer='pending'] { z-index: 0; visibility: hidden; opacity: 0; pointer-events: none; }
`;

export interface TileLayerProps {
  mountKey: string;
  role: 'shown' | 'pending';
  item: TileItem;
  client: ScreenDataClient;
  environment: ScreenEnvironment;
  placement: CanvasPlacer;
  onReady(key: string): void;
}

/**
 * One mounted occurrence of a rotation item. The same layer (same React key: the mount key) turns
 * from pending to shown at a switch, so the prepared item is shown as it is, never mounted twice;
 * it reports ready once no widget in the tile's window is loading any more.
 */
export const TileLayer = memo(function TileLayer({ mountKey, role, item, client, environment, placement, onReady }: TileLayerProps) {
  const box = useRef<HTMLDivElement>(null);
  const report = useRef(onReady);
  report.current = onReady;
  useEffect(() => {
    let emptyBefore = false;
    const timer = setInterval(() => {
      const state = box.current ? readinessOf(box.current, emptyBefore) : 'loading';
      emptyBefore = state === 'empty';
      if (state === 'loading' || state === 'empty') return;
      clearInterval(timer);
      report.current(mountKey);
    }, READY_POLL_MS);
    return () => clearInterval(timer);
  }, [mountKey]);
  const { template } = item;
  // The same element while only the role changes: a switch then touches this layer's attributes
  // alone, not the template's widget tree (a re-render of it took 50–170 ms on a busy machine,
  // every tile by a different amount: the tiles' switches drifted apart by as much).
  const runtime = useMemo(
    () => <ScreenRuntime content={template.content} name={template.name} variables={item.variables} client={client} environment={environment} placement={placement} />,
    [template.content, template.name, item.variables, client, environment, placement],
  );
  return (
    <Layer ref={box} data-wall-layer={role} data-wall-mount={mountKey} data-wall-template={template.id} aria-hidden={role === 'pending'} inert={role === 'pending'}>
      {runtime}
    </Layer>
  );
});
