import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '../../../../contract/resources/kit';
import type { CellContext } from './cellValue';
import type { OptionSources } from './useOptionSources';

/** The cells' context: names of referenced records (from `names`), option labels, 是/否. */
export function useCellContext(sources: OptionSources): CellContext {
  const { t } = useTranslation('admin');
  return useMemo(() => ({
    names: sources.names,
    optionLabel: (column: ColumnDef, value: unknown) => sources.optionLabel('columns', column, value),
    yes: t('kit.yes'),
    no: t('kit.no'),
  }), [sources, t]);
}

