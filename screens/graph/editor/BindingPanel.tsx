import type { Cell } from '@maxgraph/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { DEFAULT_STATE_COLORS, isGraphSymbolKey } from '../../../contract/graph/binding';
import {
  bindingAttributes, bindingFormError, FORMAT_OPTIONS, formatForDecimals, readBindingForm, type BindingForm,
} from './bindingAttrs';
import type { EditorGraph } from './editorGraph';
import { ErrorText, Field, Input, Muted, Panel, PanelTitle, Select, SmallButton, ui } from './editorStyles';
import { cellAttr, setCellAttrs } from './layersAndValues';
import { SearchSelect, type Option } from './SearchSelect';

/** A measure of a device as the picker lists it. */
export interface MeasureOption extends Option {
  unit: string;
  decimals: number;
}

const Body = styled.div`
  padding: 0.75rem;
  fieldset { border: 1px solid rgba(125, 170, 215, 0.2); border-radius: 0.25rem; margin: 0 0 0.75rem; padding: 0.5rem 0.625rem 0.25rem; }
  legend { padding: 0 0.25rem; color: ${ui.text}; font-size: 0.8125rem; }
`;
const Row = styled.div`display: grid; grid-template-columns: 1fr 1fr; gap: 0.5rem;`;
const Check = styled.label`display: flex; align-items: center; gap: 0.375rem; margin: 0 0 0.5rem; color: ${ui.text}; font-size: 0.8125rem;`;
const Colour = styled.div`
  display: grid; grid-template-columns: 1fr 2.25rem 1.5rem; align-items: center; gap: 0.375rem; margin-bottom: 0.375rem;
  input[type='color'] { width: 2.25rem; height: 1.75rem; padding: 0; border: 1px solid ${ui.inputBorder}; background: none; }
  button { border: none; background: none; color: ${ui.muted}; cursor: pointer; }
`;

interface Props {
  ed: EditorGraph;
  selection: Cell[];
  revision: number;
  readOnly: boolean;
  devices: readonly Option[];
  loadMeasures: (deviceId: number) => Promise<MeasureOption[]>;
}

/** The value's attributes as one string: the form reloads when the cell or its value changes. */
const valueKey = (cell: Cell | undefined) => {
  if (!cell) return '';
  const v = cell.value as Element | null;
  const attrs = v && typeof v === 'object' && 'attributes' in v ? [...v.attributes].map((a) => `${a.name}=${a.value}`).join('&') : String(v ?? '');
  return `${cell.getId()}|${attrs}`;
};

/**
 * Properties of the selected cell: label, device and measure (searchable, the project's devices),
 * display format and unit, state styling; written as the wrapper attributes of
 * contract/graph/binding.ts with Apply (one undo step).
 */
export function BindingPanel({ ed, selection, readOnly, devices, loadMeasures }: Props) {
  const { t } = useTranslation('graphEditor');
  const { t: tg } = useTranslation('graph');
  const cell = selection.length === 1 ? selection[0] : undefined;
  const key = valueKey(cell);
  const initial = useMemo(() => (cell ? readBindingForm((n) => cellAttr(cell, n)) : null), [key]);
  const [form, setForm] = useState<BindingForm | null>(initial);
  const [measures, setMeasures] = useState<{ deviceId: number; list: MeasureOption[] | 'loading' | 'failed' } | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setForm(initial);
    setError(null);
  }, [initial]);

  const deviceId = form?.deviceId ?? null;
  useEffect(() => {
    if (deviceId === null) return undefined;
    let live = true;
    setMeasures({ deviceId, list: 'loading' });
    loadMeasures(deviceId).then(
      (list) => live && setMeasures({ deviceId, list }),
      () => live && setMeasures({ deviceId, list: 'failed' }),
    );
    return () => { live = false; };
  }, [deviceId, loadMeasures]);

  if (!cell || !form) {
    return (
      <Panel data-testid="graph-binding">
        <PanelTitle>{t('binding.title')}</PanelTitle>
        <Muted>{selection.length > 1 ? t('binding.multiple', { n: selection.length }) : t('binding.none')}</Muted>
      </Panel>
    );
  }
  const symbol = cellAttr(cell, 'symbol');
  const kind = cell.isEdge() ? t('binding.edge') : isGraphSymbolKey(symbol) ? tg(`symbols.${symbol}`) : '';
  const list = measures && measures.deviceId === deviceId && Array.isArray(measures.list) ? measures.list : [];
  const set = (patch: Partial<BindingForm>) => setForm({ ...form, ...patch });
  const pickMeasure = (id: number | null) => {
    const m = list.find((x) => x.id === id);
    const previous = list.find((x) => x.id === form.measureId);
    set({
      measureId: id,
      // Unit and format follow the measure unless the user typed their own.
      unit: m && (!form.unit || form.unit === previous?.unit) ? m.unit : form.unit,
      format: m && !form.format ? formatForDecimals(m.decimals) : form.format,
      label: m && !form.label.trim() ? m.name : form.label,
    });
  };
  const apply = () => {
    const why = bindingFormError(form);
    setError(why ? t(why) : null);
    if (!why) setCellAttrs(ed, cell, bindingAttributes(form));
  };
  const colour = (k: 'normal' | 'alarm' | 'offline') => (
    <Colour key={k}>
      <span>{t(`binding.${k}`)}</span>
      <input type="color" aria-label={t(`binding.${k}`)} value={form[k] || DEFAULT_STATE_COLORS[k]} disabled={readOnly}
        onChange={(e) => set({ [k]: e.target.value })} />
      <button type="button" title={t('binding.reset')} disabled={readOnly || !form[k]} onClick={() => set({ [k]: '' })}>×</button>
    </Colour>
  );
  return (
    <Panel data-testid="graph-binding">
      <PanelTitle>{t('binding.title')}<span style={{ color: ui.muted, fontWeight: 400 }}>{kind}</span></PanelTitle>
      <Body>
        <Field>{t('binding.label')}
          <Input value={form.label} maxLength={64} disabled={readOnly} data-testid="binding-label" onChange={(e) => set({ label: e.target.value })} />
        </Field>
        <SearchSelect label={t('binding.device')} searchLabel={t('binding.searchDevice')} testId="binding-device"
          emptyLabel={devices.length ? t('binding.noDevice') : t('binding.noDevices')} options={devices} value={form.deviceId} disabled={readOnly}
          onChange={(id) => set({ deviceId: id, measureId: null })} />
        {form.deviceId !== null && (
          <SearchSelect label={t('binding.measure')} searchLabel={t('binding.searchMeasure')} testId="binding-measure"
            emptyLabel={measures?.list === 'loading' ? t('binding.loadingMeasures') : measures?.list === 'failed' ? t('binding.measuresFailed') : t('binding.noMeasure')}
            options={list} value={form.measureId} disabled={readOnly} onChange={pickMeasure} />
        )}
        <Row>
          <Field>{t('binding.format')}
            <Select value={form.format} disabled={readOnly} data-testid="binding-format" onChange={(e) => set({ format: e.target.value })}>
              <option value="">{t('binding.formatDefault')}</option>
              {FORMAT_OPTIONS.map((f) => <option key={f} value={f}>{f}</option>)}
            </Select>
          </Field>
          <Field>{t('binding.unit')}
            <Input value={form.unit} maxLength={16} disabled={readOnly} data-testid="binding-unit" onChange={(e) => set({ unit: e.target.value })} />
          </Field>
        </Row>
        <fieldset disabled={readOnly}>
          <legend>{t('binding.rules')}</legend>
          {(['normal', 'alarm', 'offline'] as const).map(colour)}
          <Check><input type="checkbox" checked={form.blink} onChange={(e) => set({ blink: e.target.checked })} />{t('binding.blink')}</Check>
          <Check><input type="checkbox" checked={form.flow} onChange={(e) => set({ flow: e.target.checked })} />{t('binding.flow')}</Check>
          <Row>
            <Field>{`${t('binding.fill')} · ${t('binding.fillMin')}`}
              <Input inputMode="decimal" value={form.fillMin} onChange={(e) => set({ fillMin: e.target.value })} />
            </Field>
            <Field>{t('binding.fillMax')}
              <Input inputMode="decimal" value={form.fillMax} onChange={(e) => set({ fillMax: e.target.value })} />
            </Field>
          </Row>
        </fieldset>
        {error && <ErrorText role="alert">{error}</ErrorText>}
        {!readOnly && (
          <div style={{ display: 'flex', gap: '0.5rem', justifyContent: 'flex-end' }}>
            <SmallButton type="button" onClick={() => { setForm(initial); setError(null); }}>{t('binding.reset')}</SmallButton>
            <SmallButton type="button" $primary data-testid="binding-apply" onClick={apply}>{t('binding.apply')}</SmallButton>
          </div>
        )}
      </Body>
    </Panel>
  );
}
