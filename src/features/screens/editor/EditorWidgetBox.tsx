import { memo, useMemo } from 'react';
import type { Widget } from '../../../../contract/screen-template';
import type { SourceStore } from '../../../../screens/runtime/SourceStore';
import { WidgetFrame } from '../../../../screens/runtime/WidgetFrame';
import type { EditorWidget } from './model/types';

interface Props {
  widget: EditorWidget;
  store: SourceStore;
  isHub(id: string): boolean;
  selected: boolean;
}

/**
 * One widget on the editor's canvas: the runtime's own frame (so the canvas shows what /monitor
 * will, with live data) inside a box the editor moves and selects. The frame sits at the box's
 * origin; the box carries the position, so a move re-renders no chart.
 */
export const EditorWidgetBox = memo(function EditorWidgetBox({ widget, store, isHub, selected }: Props) {
  const framed = useMemo<Widget>(() => ({ ...widget, x: 0, y: 0, z: 0 }), [widget]);
  return (
    <div
      data-editor-widget={widget.id}
      data-locked={widget.locked ? 'true' : undefined}
      data-selected={selected ? 'true' : undefined}
      aria-label={widget.name ?? widget.title ?? widget.id}
      style={{ position: 'absolute', left: widget.x, top: widget.y, width: widget.w, height: widget.h, zIndex: widget.z }}
    >
      {/* The widget's own pointer handling (map drag, chart hover) would fight the editor's. */}
      <div style={{ position: 'absolute', inset: 0, pointerEvents: 'none' }}>
        <WidgetFrame widget={framed} store={store} scale={1} isHub={isHub} />
      </div>
    </div>
  );
});
