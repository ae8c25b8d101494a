import { useId, useMemo, useState } from 'react';
import { Field, Input, Select } from './editorStyles';

export interface Option {
  id: number;
  name: string;
}

interface Props {
  label: string;
  searchLabel: string;
  /** The text of the "nothing picked" entry. */
  emptyLabel: string;
  options: readonly Option[];
  value: number | null;
  onChange: (id: number | null) => void;
  disabled?: boolean;
  testId: string;
}

/** A picker with a search box in front: typing narrows the list (name or id). */
export function SearchSelect({ label, searchLabel, emptyLabel, options, value, onChange, disabled, testId }: Props) {
  const [query, setQuery] = useState('');
  const id = useId();
  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    const hits = options.filter((o) => !q || o.name.toLowerCase().includes(q) || String(o.id) === q);
    // The picked option stays listed whatever the search, so the select shows it.
    if (value !== null && !hits.some((o) => o.id === value)) {
      const picked = options.find((o) => o.id === value);
      if (picked) hits.unshift(picked);
    }
    return hits;
  }, [options, query, value]);
  return (
    <Field as="div">
      <label htmlFor={id}>{label}</label>
      <Input type="search" value={query} placeholder={searchLabel} aria-label={searchLabel} disabled={disabled}
        data-testid={`${testId}-search`} onChange={(e) => setQuery(e.target.value)} />
      <Select id={id} value={value === null ? '' : String(value)} disabled={disabled} data-testid={testId}
        onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}>
        <option value="">{emptyLabel}</option>
        {shown.map((o) => <option key={o.id} value={o.id}>{o.name}</option>)}
      </Select>
    </Field>
  );
}
