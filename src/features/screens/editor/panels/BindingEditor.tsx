import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { AutoComplete, Button, Form, Input, InputNumber, Segmented, Select, Space, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { getPath } from '../../../../../screens/runtime/applyBinding';
import { deepEqual } from '../model/deepEqual';
import type { EditorCommand } from '../model/editorState';
import type { EditorDoc, EditorWidget, Refusal } from '../model/types';
import { draftToBinding, type BindingDraft } from './bindingDraft';
import { BindingPreview } from './BindingPreview';
import { SubTitle } from './panelStyles';
import { itemFieldSuggestions, pathSuggestions, type PathSuggestion } from './samplePaths';
import { useSampleOf } from './SampleView';
import { useBindingDraft } from './useBindingDraft';
import type { SourceSamples } from './useSourceSamples';

export type Dispatch = (command: EditorCommand, options?: { coalesce?: string }) => Refusal | undefined;

interface Props {
  widget: EditorWidget;
  doc: EditorDoc;
  dispatch: Dispatch;
  samples: SourceSamples;
  /** Shows a refused command's text. */
  onRefused(refusal: Refusal): void;
}

/** AutoComplete options of suggested paths, those starting with (then containing) what is typed first. */
function options(list: PathSuggestion[], typed: string, describe: (s: PathSuggestion) => string) {
  const q = typed.trim().toLowerCase();
  const hits = q ? list.filter((s) => s.path.toLowerCase().includes(q) && s.path.toLowerCase() !== q) : list;
  const ranked = [...hits.filter((s) => s.path.toLowerCase().startsWith(q)), ...hits.filter((s) => !s.path.toLowerCase().startsWith(q))];
  return ranked.slice(0, 50).map((s) => ({
    value: s.path,
    label: (
      <Space size={6} style={{ width: '100%', justifyContent: 'space-between' }}>
        <span style={{ fontFamily: 'monospace' }}>{s.path}</span>
        <Typography.Text type="secondary" style={{ fontSize: '0.75rem' }}>{describe(s)}</Typography.Text>
      </Space>
    ),
  }));
}

/**
 * The selected widget's binding: which source, the path into its answer (suggested from the live
 * sample), the transform (pick, sort, limit, map), and a live preview of what the widget will get.
 * Each edit is one `setField source` command; typing in a field coalesces into one undo step.
 */
export function BindingEditor({ widget, doc, dispatch, samples, onRefused }: Props) {
  const { t } = useTranslation('screenEditor');
  const [draft, setDraft] = useBindingDraft(widget.source);
  const typed = useMemo(() => draftToBinding(draft), [draft]);
  const errors = typed.ok ? {} : typed.errors;
  const source = doc.sources.find((s) => s.id === draft.sourceId);
  const sample = useSampleOf(samples, source, doc.variables);
  const data = sample?.data;
  const paths = useMemo(() => pathSuggestions(data), [data]);
  const atPath = useMemo(() => getPath(data, draft.path.trim() || undefined), [data, draft.path]);
  const fields = useMemo(() => itemFieldSuggestions(atPath), [atPath]);
  const describe = (s: PathSuggestion) => (s.kind === 'array' ? t('data.binding.list', { count: s.length }) : t(`data.binding.kind.${s.kind}`));

  /** Applies an edit; `typing` edits of one field coalesce into one undo step, a pick from a list is a step of its own. */
  const change = (patch: Partial<BindingDraft>, field: string, typing = false) => {
    const next = { ...draft, ...patch };
    setDraft(next);
    if (!next.sourceId) {
      if (widget.source) {
        const refused = dispatch({ type: 'setField', id: widget.id, field: 'source', value: undefined });
        if (refused) onRefused(refused);
      }
      return;
    }
    const result = draftToBinding(next);
    if (!result.ok || deepEqual(result.binding, widget.source)) return;
    const command = { type: 'setField', id: widget.id, field: 'source', value: result.binding } as const;
    const refused = typing ? dispatch(command, { coalesce: `data:${widget.id}:${field}` }) : dispatch(command);
    if (refused) onRefused(refused);
  };
  const help = (field: string) => (errors[field] ? { validateStatus: 'error' as const, help: errors[field] } : {});

  return (
    <div data-section="screen-binding" data-widget={widget.id}>
      <Form layout="vertical" size="small" component="div">
        <Form.Item label={t('data.binding.source')} htmlFor="binding-source" style={{ marginBottom: 8 }}>
          <Select
            id="binding-source"
            value={draft.sourceId || undefined}
            allowClear
            placeholder={doc.sources.length ? t('data.binding.pickSource') : t('data.binding.noSources')}
            onChange={(id?: string) => change({ sourceId: id ?? '' }, 'sourceId')}
            options={doc.sources.map((s) => ({ value: s.id, label: `${s.id} (${t(`data.source.${s.kind}`)})` }))}
            data-field="binding-source"
          />
        </Form.Item>
        {draft.sourceId && (
          <>
            <Form.Item label={t('data.binding.path')} htmlFor="binding-path" extra={errors.path ? undefined : t('data.binding.pathHint')} {...help('path')} style={{ marginBottom: 8 }}>
              <AutoComplete
                id="binding-path"
                value={draft.path}
                options={options(paths, draft.path, describe)}
                onChange={(path: string) => change({ path }, 'path', true)}
                placeholder={t('data.binding.wholeAnswer')}
                allowClear
                data-field="binding-path"
              >
                <Input style={{ fontFamily: 'monospace' }} />
              </AutoComplete>
            </Form.Item>

            <SubTitle>{t('data.binding.transform')}</SubTitle>
            <Typography.Paragraph type="secondary" style={{ fontSize: '0.75rem', marginBottom: 6 }}>{t('data.binding.transformHint')}</Typography.Paragraph>
            <Form.Item label={t('data.binding.pick')} {...help('pick')} style={{ marginBottom: 8 }}>
              <Select
                mode="tags"
                value={draft.pick}
                onChange={(pick: string[]) => change({ pick }, 'pick')}
                options={fields.map((f) => ({ value: f.path, label: f.path }))}
                placeholder={t('data.binding.pickAll')}
                tokenSeparators={[',', ' ']}
              />
            </Form.Item>
            <Form.Item label={t('data.binding.sortBy')} {...help('sortField')} style={{ marginBottom: 8 }}>
              <Space.Compact style={{ width: '100%' }}>
                <AutoComplete
                  value={draft.sortField}
                  options={options(fields, draft.sortField, describe)}
                  onChange={(sortField: string) => change({ sortField }, 'sortField', true)}
                  placeholder={t('data.binding.noSort')}
                  allowClear
                  style={{ flex: 1 }}
                />
                <Segmented
                  value={draft.sortOrder}
                  onChange={(sortOrder) => change({ sortOrder: sortOrder as BindingDraft['sortOrder'] }, 'sortOrder')}
                  options={[{ value: 'desc', label: t('data.binding.desc') }, { value: 'asc', label: t('data.binding.asc') }]}
                  disabled={!draft.sortField.trim()}
                />
              </Space.Compact>
            </Form.Item>
            <Form.Item label={t('data.binding.limit')} htmlFor="binding-limit" {...help('limit')} style={{ marginBottom: 8 }}>
              <InputNumber
                id="binding-limit"
                value={draft.limit}
                min={1}
                max={1000}
                precision={0}
                placeholder={t('data.binding.noLimit')}
                onChange={(n) => change({ limit: typeof n === 'number' ? n : null }, 'limit', true)}
                style={{ width: '100%' }}
              />
            </Form.Item>
            <Form.Item label={t('data.binding.map')} extra={t('data.binding.mapHint')} style={{ marginBottom: 8 }}>
              <Space orientation="vertical" size={4} style={{ width: '100%' }}>
                {draft.map.map((row, i) => {
                  const rowError = errors[`map.${i}.out`] ?? errors[`map.${i}.path`];
                  const set = (patch: Partial<typeof row>) => change({ map: draft.map.map((r, j) => (j === i ? { ...r, ...patch } : r)) }, `map.${i}`, true);
                  return (
                    <div key={i}>
                      <Space.Compact style={{ width: '100%' }}>
                        <Input value={row.out} placeholder={t('data.binding.mapOut')} aria-label={t('data.binding.mapOut')} style={{ width: '38%' }}
                          status={errors[`map.${i}.out`] ? 'error' : undefined} onChange={(e) => set({ out: e.target.value })} />
                        <AutoComplete value={row.path} options={options(fields, row.path, describe)} onChange={(path: string) => set({ path })}
                          placeholder={t('data.binding.mapPath')} aria-label={t('data.binding.mapPath')} style={{ flex: 1 }}
                          status={errors[`map.${i}.path`] ? 'error' : undefined} />
                        <Button aria-label={t('data.remove')} icon={<DeleteOutlined aria-hidden />}
                          onClick={() => change({ map: draft.map.filter((_, j) => j !== i) }, 'map')} />
                      </Space.Compact>
                      {rowError && <Typography.Text type="danger" style={{ fontSize: '0.75rem' }}>{rowError}</Typography.Text>}
                    </div>
                  );
                })}
                <Button size="small" icon={<PlusOutlined aria-hidden />} onClick={() => change({ map: [...draft.map, { out: '', path: '' }] }, 'map')}>
                  {t('data.binding.addMap')}
                </Button>
              </Space>
            </Form.Item>
          </>
        )}
      </Form>
      {source && <BindingPreview widget={widget} source={source} binding={typed.ok ? typed.binding : widget.source} sample={sample} />}
    </div>
  );
}
