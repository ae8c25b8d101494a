import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseScreenTemplate } from '../../contract/screen-template';
import { WALL_THEMES } from '../widgets/shared/screenTheme';
import { WallThemeContext } from '../widgets/shared/wallTheme';
import { ErrorPanel } from './ErrorPanel';
import { resolveSources, resolveWidgets, sourcesInUse, variableValues } from './resolveVariables';
import { ScreenCanvas, type CanvasPlacer } from './ScreenCanvas';
import { DEFAULT_ENVIRONMENT, ScreenEnvironmentContext, type ScreenEnvironment } from './ScreenEnvironment';
import { SourceStore } from './SourceStore';
import type { ScreenDataClient } from './types';
import { preloadWidgets } from './useWidgetModule';
import { WidgetFrame } from './WidgetFrame';

export interface ScreenRuntimeProps {
  /** The stored template document (`t_screen_tpl.content`), checked here with the contract's schema. */
  content: unknown;
  /** The template's name, for the error panel. */
  name?: string;
  /** Values for the template's variables, e.g. from the address (`?projectId=3`). */
  variables?: Record<string, string | undefined>;
  client: ScreenDataClient;
  environment?: ScreenEnvironment;
  /** Places the design canvas instead of its scale mode (a video-wall tile); widgets out of the viewport are then not rendered. */
  placement?: CanvasPlacer;
}

/**
 * Shows one screen template: validates it (an invalid one shows the error panel, never a blank
 * wall), fills in its variables, starts its data layer for as long as it is mounted, and lays out
 * its widgets on the scaled design canvas.
 */
export function ScreenRuntime({ content, name, variables = {}, client, environment = DEFAULT_ENVIRONMENT, placement }: ScreenRuntimeProps) {
  const { t } = useTranslation('screens');
  const parsed = useMemo(() => parseScreenTemplate(content), [content]);
  const variableKey = JSON.stringify(variables);
  const resolved = useMemo(() => {
    if (!parsed.ok) return null;
    const { values, missing } = variableValues(parsed.template, JSON.parse(variableKey) as Record<string, string | undefined>);
    const widgets = resolveWidgets(parsed.template.widgets, values);
    return {
      template: parsed.template,
      missing,
      sources: resolveSources(sourcesInUse(parsed.template.sources, widgets), values),
      widgets,
    };
  }, [parsed, variableKey]);

  const [store, setStore] = useState<SourceStore | null>(null);
  // Read by the start below, which must not restart its sources when a host passes a new object.
  const environmentRef = useRef(environment);
  environmentRef.current = environment;
  useEffect(() => {
    if (!resolved || resolved.missing.length) return undefined;
    preloadWidgets(resolved.widgets, environmentRef.current);
    const s = new SourceStore(resolved.sources, client);
    s.start();
    setStore(s);
    return () => {
      s.dispose();
      setStore(null);
    };
  }, [resolved, client]);

  const theme = environment.wallTheme ?? 'dark';
  const wallTheme = useMemo(() => ({ name: theme, colors: WALL_THEMES[theme] }), [theme]);
  const hubIds = useMemo(() => new Set(resolved?.sources.filter((s) => s.kind === 'hub').map((s) => s.id)), [resolved]);
  const isHub = useCallback((id: string) => hubIds.has(id), [hubIds]);

  if (!parsed.ok) return <ErrorPanel title={name} error={parsed.error} />;
  if (resolved!.missing.length) return <ErrorPanel title={name} error={t('runtime.missingVariables', { names: resolved!.missing.join(', ') })} />;
  const { template, widgets } = resolved!;
  return (
    <ScreenEnvironmentContext.Provider value={environment}>
      <WallThemeContext.Provider value={theme}>
        <ScreenCanvas canvas={template.canvas} theme={wallTheme} placement={placement}>
          {(scale, inView) => store && widgets.map((w) => inView(w) && <WidgetFrame key={w.id} widget={w} store={store} scale={scale} isHub={isHub} />)}
        </ScreenCanvas>
      </WallThemeContext.Provider>
    </ScreenEnvironmentContext.Provider>
  );
}
