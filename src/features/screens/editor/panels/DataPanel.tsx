import { Collapse, Empty, Select, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WIDGET_SCHEMAS } from '../../../../../contract/widgets';
import type { ScreenDataClient } from '../../../../../screens/runtime/types';
import type { EditorState } from '../model/editorState';
import type { Refusal } from '../model/types';
import { BindingEditor, type Dispatch } from './BindingEditor';
import { refusalText } from './refusalText';
import { SampleView } from './SampleView';
import { SourcesSection } from './SourcesSection';
import { useSourceSamples } from './useSourceSamples';
import { VariablesSection } from './VariablesSection';

export interface DataPanelProps {
  state: EditorState;
  dispatch: Dispatch;
  /** The wall's data client (`createScreenClient`): live samples are read through it. */
  client: ScreenDataClient;
}

/**
 * The editor's data tab: the template's data sources, a live sample of one, the template's
 * variables, and — with exactly one widget selected — its binding with a live preview checked
 * against the widget type's data schema. Every change is an editor command through `dispatch`.
 */
export function DataPanel({ state, dispatch, client }: DataPanelProps) {
  const { t, i18n } = useTranslation('screenEditor');
  const { doc } = state;
  const samples = useSourceSamples(client, doc.variables);
  const selected = state.selection.length === 1 ? doc.widgets.find((w) => w.id === state.selection[0]) : undefined;
  const [picked, setPicked] = useState<string>();
  const [bindingRefusal, setBindingRefusal] = useState<string>();
  const sampled = doc.sources.find((s) => s.id === picked) ?? doc.sources.find((s) => s.id === selected?.source?.sourceId) ?? doc.sources[0];

  const say = useCallback((refusal: Refusal) => {
    const { key, values } = refusalText(refusal);
    return t(key, values);
  }, [t]);
  const run = (command: Parameters<Dispatch>[0]) => {
    const refused = dispatch(command);
    return refused ? say(refused) : undefined;
  };
  const [open, setOpen] = useState<string[]>(['binding', 'sources', 'sample', 'variables']);

  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const widgetName = selected ? (selected.name || selected.title || `${WIDGET_SCHEMAS[selected.type].label[lang]} ${selected.id}`) : '';
  const items = [
    {
      key: 'binding',
      label: selected ? t('data.binding.titleOf', { name: widgetName }) : t('data.binding.title'),
      children: selected ? (
        <>
          {bindingRefusal && <Typography.Text type="danger" style={{ display: 'block', marginBottom: 6 }}>{bindingRefusal}</Typography.Text>}
          <BindingEditor key={selected.id} widget={selected} doc={doc} dispatch={dispatch} samples={samples}
            onRefused={(refusal) => setBindingRefusal(say(refusal))} />
        </>
      ) : (
        <Typography.Text type="secondary" style={{ fontSize: '0.85rem' }}>
          {state.selection.length > 1 ? t('data.binding.many', { count: state.selection.length }) : t('data.binding.none')}
        </Typography.Text>
      ),
    },
    {
      key: 'sources',
      label: t('data.source.title', { count: doc.sources.length }),
      children: (
        <SourcesSection
          doc={doc}
          sampled={sampled?.id}
          onSample={(id) => { setPicked(id); setOpen((keys) => (keys.includes('sample') ? keys : [...keys, 'sample'])); }}
          onSave={(source, id) => run(id === undefined ? { type: 'addSource', source } : { type: 'editSource', id, source })}
          onRemove={(id) => run({ type: 'removeSource', id })}
        />
      ),
    },
    {
      key: 'sample',
      label: t('data.sample.section'),
      children: sampled ? (
        <>
          <Select size="small" value={sampled.id} onChange={setPicked} style={{ width: '100%', marginBottom: 6 }} aria-label={t('data.sample.source')}
            options={doc.sources.map((s) => ({ value: s.id, label: `${s.id} (${t(`data.source.${s.kind}`)})` }))} data-field="sample-source" />
          <SampleView key={sampled.id} source={sampled} variables={doc.variables} samples={samples} />
        </>
      ) : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('data.source.none')} />,
    },
    {
      key: 'variables',
      label: t('data.variable.title', { count: doc.variables.length }),
      children: (
        <VariablesSection
          doc={doc}
          onSave={(variable, name) => run(name === undefined ? { type: 'addVariable', variable } : { type: 'editVariable', name, variable })}
          onRemove={(name) => run({ type: 'removeVariable', name })}
        />
      ),
    },
  ];
  return (
    <div data-panel="screen-data">
      <Collapse size="small" ghost activeKey={open} onChange={(keys) => setOpen(keys as string[])} items={items} />
    </div>
  );
}
