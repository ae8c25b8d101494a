import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, ColorPicker, Input, InputNumber, Select, Space, Switch } from 'antd';
import type { PropField } from '../../../../contract/widgets/describe';

interface Props {
  field: PropField;
  value: unknown;
  onChange(value: unknown): void;
  lang: 'zh' | 'en';
  /** The template's data source ids (hub ones marked), for `source` fields. */
  sources: { id: string; hub: boolean }[];
  id?: string;
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');
const blankToUndefined = (v: string) => (v.trim() === '' ? undefined : v);

/** A colour as text with a picker beside it; blank is unset. */
function ColourInput({ value, onChange, id }: { value: unknown; onChange(v: unknown): void; id?: string }) {
  return (
    <Space.Compact style={{ width: '100%' }}>
      <ColorPicker size="small" value={text(value) || undefined} onChangeComplete={(c) => onChange(c.toHexString())} disabledAlpha={false} />
      <Input size="small" id={id} value={text(value)} placeholder="#3eebff" onChange={(e) => onChange(blankToUndefined(e.target.value))} />
    </Space.Compact>
  );
}

/**
 * The input of one property-panel field, chosen by its kind (contract/widgets/describe.ts): numbers,
 * switches, texts, colours, options, sources, lists, key/value records and nested objects. It knows
 * no widget: a new widget type's fields render here without editor code.
 */
export function PropInput({ field, value, onChange, lang, sources, id }: Props) {
  switch (field.kind) {
    case 'number':
    case 'integer':
      return (
        <InputNumber size="small" id={id} style={{ width: '100%' }} value={typeof value === 'number' ? value : null}
          min={field.min} max={field.max} step={field.step ?? (field.kind === 'integer' ? 1 : undefined)}
          placeholder={field.default !== undefined ? String(field.default) : undefined}
          onChange={(v) => onChange(v === null ? undefined : field.kind === 'integer' ? Math.round(v) : v)} />
      );
    case 'boolean':
      return <Switch size="small" id={id} checked={typeof value === 'boolean' ? value : field.default === true} onChange={(v) => onChange(v)} />;
    case 'colour':
      return <ColourInput id={id} value={value} onChange={onChange} />;
    case 'textarea':
      return <Input.TextArea id={id} rows={3} value={text(value)} maxLength={field.maxLength} onChange={(e) => onChange(blankToUndefined(e.target.value))} />;
    case 'string':
    case 'image':
      return <Input size="small" id={id} value={text(value)} maxLength={field.maxLength} placeholder={field.kind === 'image' ? '/files/…png' : field.default !== undefined ? String(field.default) : undefined} onChange={(e) => onChange(blankToUndefined(e.target.value))} />;
    case 'enum':
      return (
        <Select size="small" id={id} style={{ width: '100%' }} allowClear={field.optional} value={typeof value === 'string' ? value : (field.default as string | undefined)}
          options={field.options?.map((o) => ({ value: o.value, label: o.label[lang] }))} onChange={(v: string | undefined) => onChange(v)} />
      );
    case 'source':
      return (
        <Select size="small" id={id} style={{ width: '100%' }} allowClear value={typeof value === 'string' ? value : undefined}
          options={sources.map((s) => ({ value: s.id, label: `${s.id}${s.hub ? ' (hub)' : ''}` }))} onChange={(v: string | undefined) => onChange(v)} />
      );
    case 'stringList':
    case 'colourList':
    case 'numberList':
      return (
        <Select size="small" id={id} mode="tags" style={{ width: '100%' }} tokenSeparators={[',', ' ']}
          value={Array.isArray(value) ? value.map(String) : Array.isArray(field.default) ? (field.default as unknown[]).map(String) : []}
          onChange={(v: string[]) => {
            const items = field.kind === 'numberList' ? v.map(Number).filter(Number.isFinite) : v;
            onChange(items.length ? items : undefined);
          }} />
      );
    case 'record': {
      const entries = value && typeof value === 'object' && !Array.isArray(value) ? Object.entries(value as Record<string, unknown>) : [];
      const set = (next: [string, unknown][]) => onChange(next.length ? Object.fromEntries(next) : undefined);
      const keyOptions = field.key?.options;
      return (
        <div>
          {entries.map(([k, v], i) => (
            <Space.Compact key={i} style={{ width: '100%', marginBottom: 4 }}>
              {keyOptions ? (
                <Select size="small" style={{ width: '45%' }} value={k} options={keyOptions.map((o) => ({ value: o.value, label: o.label[lang] }))}
                  onChange={(nk: string) => set(entries.map((e, j) => (j === i ? [nk, e[1]] : e)))} />
              ) : (
                <Input size="small" style={{ width: '45%' }} value={k} onChange={(e) => set(entries.map((x, j) => (j === i ? [e.target.value, x[1]] : x)))} />
              )}
              <div style={{ flex: 1 }}>
                {field.value && <PropInput field={field.value} value={v} lang={lang} sources={sources} onChange={(nv) => set(entries.map((x, j) => (j === i ? [x[0], nv] : x)))} />}
              </div>
              <Button size="small" icon={<DeleteOutlined aria-hidden />} aria-label="remove" onClick={() => set(entries.filter((_, j) => j !== i))} />
            </Space.Compact>
          ))}
          <Button size="small" icon={<PlusOutlined aria-hidden />} onClick={() => set([...entries, [keyOptions?.find((o) => !entries.some(([k]) => k === o.value))?.value ?? '', '']])}>+</Button>
        </div>
      );
    }
    case 'object': {
      const obj = value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
      return (
        <div style={{ paddingLeft: 8, borderLeft: '2px solid #24324a' }}>
          {field.fields?.map((f) => (
            <div key={f.name} style={{ marginBottom: 6 }}>
              <div style={{ fontSize: '0.8rem', color: '#8aa2bd' }}>{f.label[lang]}</div>
              <PropInput field={f} value={obj[f.name]} lang={lang} sources={sources} onChange={(nv) => {
                const next = { ...obj, [f.name]: nv };
                if (nv === undefined) delete next[f.name];
                onChange(Object.keys(next).length ? next : undefined);
              }} />
            </div>
          ))}
        </div>
      );
    }
  }
}
