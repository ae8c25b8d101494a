import { useEffect, useRef, useState } from 'react';
import type { ScreenTemplateRecord } from '../../../contract/screen-template';
import { ScreenRuntime } from '../../../screens/runtime/ScreenRuntime';
import type { ItemRendererProps } from './ItemRendererProps';
import { fetchTemplate } from './kioskApi';
import { kioskPlacer } from './kioskPlacement';
import { errorText } from '../../shared/errorText';

/** How often a template being prepared is looked at until every widget has left its loading state. */
const READY_POLL_MS = 200;

/** Whether the runtime in `box` shows its data (every widget past loading), failed, or is still loading. */
function readinessOf(box: HTMLElement): 'ready' | 'failed' | 'partial' | 'loading' {
  if (box.querySelector('[data-screen-error]')) return 'failed';
  if (!box.querySelector('[data-screen-canvas]')) return 'loading';
  const widgets = box.querySelectorAll('[data-screen-widget]');
  if (!widgets.length) return 'loading';
  let loading = 0;
  for (const w of widgets) if (w.getAttribute('data-state') === 'loading') loading++;
  if (!loading) return 'ready';
  return box.querySelector('[data-screen-widget][data-state="ready"]') ? 'partial' : 'loading';
}

/**
 * A screen-template item: the template read by id (GET /api/t_screen_tpl/:id) and shown by the
 * screen runtime, which starts its data on mount and disposes every chart, map and subscription on
 * unmount, placed above the player's status strip (kioskPlacer). It reports ready once no widget is
 * loading any more.
 */
export function TemplateItemView({ item, client, environment, onReady, onShowable, onFailed }: ItemRendererProps) {
  const templateId = item.kind === 'template' ? item.templateId : 0;
  const [record, setRecord] = useState<ScreenTemplateRecord | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const reports = useRef({ onReady, onShowable, onFailed });
  reports.current = { onReady, onShowable, onFailed };

  useEffect(() => {
    const abort = new AbortController();
    fetchTemplate(templateId, abort.signal).then(
      (r) => { if (!abort.signal.aborted) setRecord(r); },
      (err: unknown) => {
        if (!abort.signal.aborted) reports.current.onFailed(`template ${templateId}: ${errorText(err)}`);
      },
    );
    return () => abort.abort();
  }, [templateId]);

  useEffect(() => {
    if (!record) return undefined;
    const timer = setInterval(() => {
      const state = box.current ? readinessOf(box.current) : 'loading';
      if (state === 'partial') reports.current.onShowable();
      if (state === 'loading' || state === 'partial') return;
      clearInterval(timer);
      if (state === 'ready') reports.current.onReady();
      else reports.current.onFailed(`template ${templateId} "${record.name}" is not valid`);
    }, READY_POLL_MS);
    return () => clearInterval(timer);
  }, [record, templateId]);

  return (
    <div ref={box} style={{ position: 'absolute', inset: 0 }} data-kiosk-template={templateId}>
      {record && <ScreenRuntime key={record.id} content={record.content} name={record.name} client={client} environment={environment} placement={kioskPlacer} />}
    </div>
  );
}
