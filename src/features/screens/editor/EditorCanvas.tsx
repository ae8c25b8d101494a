import Guides from '@scena/react-guides';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import Moveable, { type OnDrag, type OnDragEnd, type OnDragGroup, type OnDragGroupEnd, type OnResize, type OnResizeEnd } from 'react-moveable';
import Selecto from 'react-selecto';
import styled from 'styled-components';
import type { WidgetType } from '../../../../contract/screen-template';
import type { SourceStore } from '../../../../screens/runtime/SourceStore';
import { EditorWidgetBox } from './EditorWidgetBox';
import type { EditorCommand, EditorState } from './model/editorState';
import type { Refusal } from './model/types';
import { isTyping } from './useEditorKeys';
import { guidelinePositions, snapTargets } from './model/snapping';
import { panBy, screenToCanvas, wheelZoom, type CanvasView } from './model/zoom';

/** The palette's drag payload type. */
export const WIDGET_DRAG_TYPE = 'application/x-nv-widget';
const RULER = 24;


const Area = styled.div`
  position: relative;
  display: grid;
  grid-template-columns: ${RULER}px minmax(0, 1fr);
  grid-template-rows: ${RULER}px minmax(0, 1fr);
  min-width: 0;
  min-height: 0;
  overflow: hidden;
  background: #0b1220;
  & .moveable-control-box { z-index: 3000 !important; }
`;

const Corner = styled.div`
  background: #111a2b;
  border-right: 1px solid #24324a;
  border-bottom: 1px solid #24324a;
`;

const Viewport = styled.div<{ $panning: boolean }>`
  position: relative;
  overflow: hidden;
  cursor: ${({ $panning }) => ($panning ? 'grab' : 'default')};
  background-color: #0b1220;
  background-image: radial-gradient(circle, #1b2740 1px, transparent 1px);
  background-size: 16px 16px;
`;

const Stage = styled.div`
  position: absolute;
  top: 0;
  left: 0;
  transform-origin: 0 0;
  box-shadow: 0 0 0 1px #2b3d5c, 0 8px 40px rgba(0, 0, 0, 0.6);
  background-size: cover;
  background-position: center;
`;

const RULER_STYLE = { backgroundColor: '#111a2b', textColor: '#8aa2bd', lineColor: '#3a4d6d' } as const;

interface Props {
  state: EditorState;
  /** The title a widget dropped from the palette starts with. */
  paletteTitle(type: WidgetType): string | undefined;
  dispatch(command: EditorCommand, options?: { coalesce?: string }): Refusal | undefined;
  store: SourceStore;
  isHub(id: string): boolean;
  view: CanvasView;
  onView(view: CanvasView): void;
  /** Grid size for snapping, design px (0: off). */
  grid: number;
  /** The viewport's size, px, as last measured here (the rulers' lengths; the workspace fits to it). */
  viewport: { width: number; height: number };
  onViewportSize(size: { width: number; height: number }): void;
}

/**
 * The editor's canvas: rulers whose drag makes user guides, the design canvas at the zoom with the
 * widgets live, Moveable to drag and resize the selection (snapping to guides, the canvas, other
 * widgets and the grid, with alignment lines), Selecto for click, shift-click and marquee
 * selection, palette drops, ctrl+wheel zoom around the pointer and space+drag pan.
 */
export function EditorCanvas({ state, paletteTitle, dispatch, store, isHub, view, onView, grid, viewport, onViewportSize }: Props) {
  const { doc, selection, guides } = state;
  const viewportRef = useRef<HTMLDivElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const moveableRef = useRef<Moveable>(null);
  const selectoRef = useRef<Selecto>(null);
  const [space, setSpace] = useState(false);
  const [elements, setElements] = useState<HTMLElement[]>([]);
  const groupDelta = useRef<[number, number]>([0, 0]);

  useLayoutEffect(() => {
    const el = viewportRef.current!;
    const observer = new ResizeObserver(() => onViewportSize({ width: el.clientWidth, height: el.clientHeight }));
    observer.observe(el);
    return () => observer.disconnect();
  }, [onViewportSize]);

  // Space held: the pointer pans instead of selecting.
  useEffect(() => {
    const down = (e: KeyboardEvent) => { if (e.code === 'Space' && !isTyping(e.target)) { e.preventDefault(); setSpace(true); } };
    const up = (e: KeyboardEvent) => { if (e.code === 'Space') setSpace(false); };
    window.addEventListener('keydown', down);
    window.addEventListener('keyup', up);
    return () => {
      window.removeEventListener('keydown', down);
      window.removeEventListener('keyup', up);
    };
  }, []);

  // Wheel: ctrl zooms around the pointer, otherwise pans. Not passive, so the page does not zoom.
  const viewRef = useRef(view);
  viewRef.current = view;
  useEffect(() => {
    const el = viewportRef.current!;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const v = viewRef.current;
      if (e.ctrlKey || e.metaKey) {
        const rect = el.getBoundingClientRect();
        onView(wheelZoom(v, e.deltaY, { x: e.clientX - rect.left, y: e.clientY - rect.top }));
      } else {
        onView(panBy(v, -(e.shiftKey ? e.deltaY : e.deltaX), -(e.shiftKey ? 0 : e.deltaY)));
      }
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [onView]);

  const startPan = (e: React.PointerEvent) => {
    if (!space && e.button !== 1) return;
    e.preventDefault();
    e.stopPropagation();
    const start = { x: e.clientX, y: e.clientY, view: viewRef.current };
    const move = (ev: PointerEvent) => onView({ ...start.view, x: start.view.x + ev.clientX - start.x, y: start.view.y + ev.clientY - start.y });
    const up = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  };

  const byId = useMemo(() => new Map(doc.widgets.map((w) => [w.id, w])), [doc.widgets]);
  const selectedKey = selection.join(',');
  // The selected boxes, found after they are rendered; Moveable follows them.
  useLayoutEffect(() => {
    const stage = stageRef.current;
    if (!stage) return;
    setElements(selection.map((id) => stage.querySelector<HTMLElement>(`[data-editor-widget="${CSS.escape(id)}"]`)).filter((el): el is HTMLElement => !!el));
  }, [selectedKey, doc.widgets]);
  useEffect(() => { moveableRef.current?.updateRect(); }, [doc, view]);
  // Selecto keeps its own list for shift-click: it follows selections made elsewhere (layers, keys).
  useEffect(() => { selectoRef.current?.setSelectedTargets(elements); }, [elements]);

  const locked = selection.some((id) => byId.get(id)?.locked);
  // What a drag snaps to (model/snapping.ts): other visible widgets' edges and centres, the canvas's, the user guides.
  // Moveable reads guideline positions in screen pixels from the snap container's corner.
  const lines = useMemo(() => {
    const design = guidelinePositions(snapTargets(doc, selection, guides));
    return { horizontal: design.horizontal.map((p) => p * view.zoom), vertical: design.vertical.map((p) => p * view.zoom) };
  }, [doc, selection, guides, view.zoom]);

  const onDrag = (e: OnDrag) => { e.target.style.transform = e.transform; };
  const onDragEnd = (e: OnDragEnd) => {
    const id = (e.target as HTMLElement).dataset.editorWidget!;
    (e.target as HTMLElement).style.transform = '';
    if (!e.isDrag || !e.lastEvent) return;
    const [dx, dy] = (e.lastEvent as OnDrag).translate;
    dispatch({ type: 'move', ids: [id], dx: Math.round(dx), dy: Math.round(dy) });
  };
  const onDragGroup = (e: OnDragGroup) => {
    e.events.forEach((ev) => { ev.target.style.transform = ev.transform; });
    const first = e.events[0];
    if (first) groupDelta.current = [first.translate[0], first.translate[1]];
  };
  const onDragGroupEnd = (e: OnDragGroupEnd) => {
    e.targets.forEach((t) => { (t as HTMLElement).style.transform = ''; });
    const [dx, dy] = groupDelta.current;
    groupDelta.current = [0, 0];
    if (!e.isDrag) return;
    dispatch({ type: 'move', ids: e.targets.map((t) => (t as HTMLElement).dataset.editorWidget!), dx: Math.round(dx), dy: Math.round(dy) });
  };
  const onResize = (e: OnResize) => {
    e.target.style.width = `${e.width}px`;
    e.target.style.height = `${e.height}px`;
    e.target.style.transform = e.drag.transform;
  };
  const onResizeEnd = (e: OnResizeEnd) => {
    const el = e.target as HTMLElement;
    const w = byId.get(el.dataset.editorWidget!);
    el.style.transform = '';
    if (!w || !e.isDrag || !e.lastEvent) {
      if (w) { el.style.width = `${w.w}px`; el.style.height = `${w.h}px`; }
      return;
    }
    const last = e.lastEvent as OnResize;
    dispatch({ type: 'resize', id: w.id, rect: { x: Math.round(w.x + last.drag.translate[0]), y: Math.round(w.y + last.drag.translate[1]), w: Math.round(last.width), h: Math.round(last.height) } });
  };

  const onDrop = (e: DragEvent) => {
    const type = e.dataTransfer.getData(WIDGET_DRAG_TYPE) as WidgetType;
    if (!type) return;
    e.preventDefault();
    const rect = viewportRef.current!.getBoundingClientRect();
    const at = screenToCanvas(view, { x: e.clientX - rect.left, y: e.clientY - rect.top });
    dispatch({ type: 'addWidget', widgetType: type, x: Math.max(0, Math.round(at.x)), y: Math.max(0, Math.round(at.y)), title: paletteTitle(type) });
  };

  const image = doc.canvas.background.startsWith('/');
  return (
    <Area data-editor-canvas="">
      <Corner />
      <Guides
        type="horizontal"
        zoom={view.zoom}
        unit={view.zoom >= 1 ? 50 : view.zoom >= 0.5 ? 100 : 200}
        scrollPos={-view.x / view.zoom}
        width={viewport.width}
        height={RULER}
        defaultGuides={guides.v}
        displayDragPos
        {...RULER_STYLE}
        onChangeGuides={({ guides: next }) => dispatch({ type: 'setGuides', axis: 'v', positions: next })}
      />
      <Guides
        type="vertical"
        zoom={view.zoom}
        unit={view.zoom >= 1 ? 50 : view.zoom >= 0.5 ? 100 : 200}
        scrollPos={-view.y / view.zoom}
        width={RULER}
        height={viewport.height}
        defaultGuides={guides.h}
        displayDragPos
        {...RULER_STYLE}
        onChangeGuides={({ guides: next }) => dispatch({ type: 'setGuides', axis: 'h', positions: next })}
      />
      <Viewport
        ref={viewportRef}
        $panning={space}
        data-editor-viewport=""
        onPointerDownCapture={startPan}
        onDragOver={(e) => { if (e.dataTransfer.types.includes(WIDGET_DRAG_TYPE)) e.preventDefault(); }}
        onDrop={onDrop}
      >
        <Stage
          ref={stageRef}
          data-editor-stage=""
          style={{
            width: doc.canvas.width,
            height: doc.canvas.height,
            transform: `translate(${view.x}px, ${view.y}px) scale(${view.zoom})`,
            backgroundColor: image ? '#061327' : doc.canvas.background,
            backgroundImage: image ? `url("${doc.canvas.background}")` : undefined,
          }}
        >
          {doc.widgets.filter((w) => !w.hidden).map((w) => (
            <EditorWidgetBox key={w.id} widget={w} store={store} isHub={isHub} selected={selection.includes(w.id)} />
          ))}
        </Stage>
        <Moveable
          ref={moveableRef}
          target={elements}
          draggable={!locked && !space}
          resizable={!locked && !space && elements.length === 1}
          throttleDrag={0}
          throttleResize={1}
          origin={false}
          snappable
          snapThreshold={6}
          isDisplaySnapDigit
          snapDirections={{ left: true, top: true, right: true, bottom: true, center: true, middle: true }}
          snapContainer={stageRef}
          horizontalGuidelines={lines.horizontal}
          verticalGuidelines={lines.vertical}
          snapGridWidth={grid}
          snapGridHeight={grid}
          onDrag={onDrag}
          onDragEnd={onDragEnd}
          onDragGroup={onDragGroup}
          onDragGroupEnd={onDragGroupEnd}
          onResize={onResize}
          onResizeEnd={onResizeEnd}
        />
        <Selecto
          ref={selectoRef}
          dragContainer={viewportRef.current ?? undefined}
          selectableTargets={['[data-editor-widget]']}
          hitRate={0}
          selectByClick
          selectFromInside={false}
          toggleContinueSelect={['shift']}
          ratio={0}
          onDragStart={(e) => {
            const target = e.inputEvent.target as Element;
            if (space || moveableRef.current?.isMoveableElement(target) || elements.some((el) => el === target || el.contains(target))) e.stop();
          }}
          onSelectEnd={(e) => {
            const ids = e.selected.map((el) => (el as HTMLElement).dataset.editorWidget!).filter(Boolean);
            dispatch(ids.length ? { type: 'select', ids } : { type: 'clearSelection' });
            if (e.isDragStart && ids.length) {
              e.inputEvent.preventDefault();
              void moveableRef.current?.waitToChangeTarget().then(() => moveableRef.current?.dragStart(e.inputEvent as MouseEvent));
            }
          }}
        />
      </Viewport>
    </Area>
  );
}
