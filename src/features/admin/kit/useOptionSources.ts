import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { NameItem } from '../../../../contract/envelope';
import type { OptionSource, ResourceDefinition } from '../../../../contract/resources/kit';
import { fetchNames } from './resourceApi';
import { optionKey, type TextPart } from './resourceStrings';
import { deviceTypeName } from '../../../../contract/enums';

export interface SelectOption {
  value: string | number;
  label: string;
}

export interface OptionSources {
  /** id -> name of a resource the definition refers to; undefined until its names arrive. */
  names(resource: string): ReadonlyMap<number, string> | undefined;
  /** A select's choices: another resource's names, or the fixed values with their labels. */
  options(part: Exclude<TextPart, 'help'>, item: { name: string; options?: OptionSource }): SelectOption[];
  /** A fixed value's label in the user's language. */
  optionLabel(part: Exclude<TextPart, 'help'>, item: { name: string; options?: OptionSource }, value: unknown): string | undefined;
  /** Every referenced resource's names, waiting for those not read yet (the export needs them all). */
  loadNames(): Promise<ReadonlyMap<string, ReadonlyMap<number, string>>>;
}

const namesQuery = (resource: string) => ({
  queryKey: ['resource', resource, 'names'],
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchNames(resource, signal),
  staleTime: 60_000,
});

const toMap = (list: NameItem[]) => new Map(list.map((n) => [n.id, n.name]));

/** The resources whose `/names` a definition's columns, fields and filters read. */
function referencedResources(def: ResourceDefinition): string[] {
  const sources = [...def.columns, ...def.fields, ...def.filters].map((i) => i.options);
  return [...new Set(sources.flatMap((s) => (s && 'names' in s ? [s.names] : [])))];
}

// Module-level, so the combined result changes only when a list's data does.
const dataOf = (results: { data?: NameItem[] }[]) => results.map((r) => r.data);

/** The option sources of a definition, each `/names` list read once and shared through the query cache. */
export function useOptionSources(def: ResourceDefinition): OptionSources {
  const { t, i18n } = useTranslation('admin');
  const language = i18n.language;
  const resources = useMemo(() => referencedResources(def), [def]);
  const queryClient = useQueryClient();
  const lists = useQueries({ queries: resources.map(namesQuery), combine: dataOf });
  const maps = useMemo(() => {
    const out = new Map<string, Map<number, string>>();
    resources.forEach((resource, i) => {
      if (lists[i]) out.set(resource, resource === 't_device_type' ? toMap(lists[i]!.map((n) => ({ ...n, name: deviceTypeName(n.id, n.name, language) }))) : toMap(lists[i]!));
    });
    return out;
  }, [resources, lists, language]);

  const optionLabel = useCallback<OptionSources['optionLabel']>((part, item, value) => {
    const key = optionKey(def, part, item.name, item.options, value);
    return key ? t(key) : undefined;
  }, [def, t]);

  const options = useCallback<OptionSources['options']>((part, item) => {
    const source = item.options;
    if (!source) return [];
    if ('names' in source) return [...(maps.get(source.names) ?? [])].map(([value, label]) => ({ value, label }));
    return source.values.map((v) => ({ value: v.value, label: optionLabel(part, item, v.value) ?? String(v.value) }));
  }, [maps, optionLabel]);

  const loadNames = useCallback(async () => {
    const all = await Promise.all(resources.map((r) => queryClient.ensureQueryData(namesQuery(r))));
    return new Map(resources.map((r, i) => [r, toMap(all[i])]));
  }, [queryClient, resources]);

  return useMemo(() => ({ names: (resource: string) => maps.get(resource), options, optionLabel, loadNames }), [maps, options, optionLabel, loadNames]);
}
