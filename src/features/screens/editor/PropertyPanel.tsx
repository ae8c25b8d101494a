import { Form, Input, InputNumber, Select, Space, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { SCALE_MODES } from '../../../../contract/screen-template';
import { describeProps } from '../../../../contract/widgets/describe';
import { WIDGET_SCHEMAS } from '../../../../contract/widgets';
import { SIZE_PRESETS } from '../library/blankTemplate';
import type { EditorCommand, EditorState } from './model/editorState';
import type { EditorWidget } from './model/types';
import { PropInput } from './PropInput';

type Dispatch = (command: EditorCommand, options?: { coalesce?: string }) => unknown;

/** The zod issues of a widget's props, by top-level field: what the panel shows under each. */
function propIssues(w: EditorWidget): Map<string, string> {
  const result = WIDGET_SCHEMAS[w.type].props.safeParse(w.props ?? {});
  const issues = new Map<string, string>();
  if (!result.success) for (const issue of result.error.issues) issues.set(String(issue.path[0] ?? ''), issue.message);
  return issues;
}

function WidgetProperties({ widget: w, state, dispatch }: { widget: EditorWidget; state: EditorState; dispatch: Dispatch }) {
  const { t, i18n } = useTranslation('screenEditor');
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const fields = useMemo(() => describeProps(WIDGET_SCHEMAS[w.type].props), [w.type]);
  const issues = propIssues(w);
  const sources = state.doc.sources.map((s) => ({ id: s.id, hub: s.kind === 'hub' }));
  const rect = (key: 'x' | 'y' | 'w' | 'h', v: number | null) => v !== null && dispatch({ type: 'setRect', id: w.id, rect: { [key]: Math.round(v) } }, { coalesce: `rect:${w.id}:${key}` });
  return (
    <Form layout="vertical" size="small" data-editor-properties={w.id}>
      <Typography.Text type="secondary">{WIDGET_SCHEMAS[w.type].label[lang]} · {w.id}</Typography.Text>
      <Form.Item label={t('editor.title')} htmlFor="prop-title" style={{ marginTop: 8 }}>
        <Input id="prop-title" value={w.title ?? ''} maxLength={128}
          onChange={(e) => dispatch({ type: 'setField', id: w.id, field: 'title', value: e.target.value || undefined }, { coalesce: `title:${w.id}` })} />
      </Form.Item>
      <Space.Compact block>
        {(['x', 'y', 'w', 'h'] as const).map((key) => (
          <Form.Item key={key} label={key.toUpperCase()} htmlFor={`prop-${key}`} style={{ flex: 1 }}>
            <InputNumber id={`prop-${key}`} style={{ width: '100%' }} min={key === 'w' || key === 'h' ? 8 : 0} value={w[key]} disabled={w.locked} onChange={(v) => rect(key, v)} />
          </Form.Item>
        ))}
      </Space.Compact>
      {fields.map((f) => (
        <Form.Item key={f.name} label={f.label[lang]} htmlFor={`prop-f-${f.name}`} help={issues.get(f.name) ?? f.description?.[lang]} validateStatus={issues.has(f.name) ? 'error' : undefined}>
          <PropInput id={`prop-f-${f.name}`} field={f} value={(w.props as Record<string, unknown>)[f.name]} lang={lang} sources={sources}
            onChange={(v) => dispatch({ type: 'setProps', id: w.id, props: { [f.name]: v } }, { coalesce: `props:${w.id}:${f.name}` })} />
        </Form.Item>
      ))}
    </Form>
  );
}

function CanvasProperties({ state, dispatch }: { state: EditorState; dispatch: Dispatch }) {
  const { t } = useTranslation('screenEditor');
  const { canvas } = state.doc;
  const preset = SIZE_PRESETS.find((p) => p.width === canvas.width && p.height === canvas.height)?.label ?? 'custom';
  return (
    <Form layout="vertical" size="small" data-editor-properties="canvas">
      <Form.Item label={t('editor.canvasSize')}>
        <Select value={preset} options={[...SIZE_PRESETS.map((p) => ({ value: p.label, label: p.label })), { value: 'custom', label: t('lib.custom') }]}
          onChange={(v: string) => {
            const p = SIZE_PRESETS.find((x) => x.label === v);
            if (p) dispatch({ type: 'setCanvas', size: { width: p.width, height: p.height } });
          }} />
      </Form.Item>
      <Space.Compact block>
        <Form.Item label={t('lib.width')} style={{ flex: 1 }}>
          <InputNumber style={{ width: '100%' }} min={320} max={16384} value={canvas.width} onChange={(v) => v && dispatch({ type: 'setCanvas', size: { width: v, height: canvas.height } }, { coalesce: 'canvas:w' })} />
        </Form.Item>
        <Form.Item label={t('lib.height')} style={{ flex: 1 }}>
          <InputNumber style={{ width: '100%' }} min={240} max={16384} value={canvas.height} onChange={(v) => v && dispatch({ type: 'setCanvas', size: { width: canvas.width, height: v } }, { coalesce: 'canvas:h' })} />
        </Form.Item>
      </Space.Compact>
      <Form.Item label={t('editor.background')} help={t('editor.backgroundHelp')}>
        <Input value={canvas.background} onChange={(e) => dispatch({ type: 'setCanvas', background: e.target.value }, { coalesce: 'canvas:bg' })} />
      </Form.Item>
      <Form.Item label={t('editor.scaleMode')}>
        <Select value={canvas.scaleMode} options={SCALE_MODES.map((m) => ({ value: m, label: t(`editor.scale.${m}`) }))} onChange={(v) => dispatch({ type: 'setCanvas', scaleMode: v })} />
      </Form.Item>
    </Form>
  );
}

/** The right panel's 属性 tab: the one selected widget's properties (generated from its schema), else the canvas's. */
export function PropertyPanel({ state, dispatch }: { state: EditorState; dispatch: Dispatch }) {
  const { t } = useTranslation('screenEditor');
  const one = state.selection.length === 1 ? state.doc.widgets.find((w) => w.id === state.selection[0]) : undefined;
  if (one) return <WidgetProperties key={one.id} widget={one} state={state} dispatch={dispatch} />;
  if (state.selection.length > 1) return <Typography.Text type="secondary">{t('editor.multiSelected', { count: state.selection.length })}</Typography.Text>;
  return <CanvasProperties state={state} dispatch={dispatch} />;
}
