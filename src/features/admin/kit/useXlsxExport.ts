import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceDefinition } from '../../../../contract/resources/kit';
import type { ListState } from './listState';
import { fetchAllRows } from './resourceApi';
import { resourceKey } from './resourceStrings';
import { useCellContext } from './useCellContext';
import type { OptionSources } from './useOptionSources';
import { writeXlsx } from './writeXlsx';
import { buildXlsxRows, exportFileName } from './xlsxRows';
import { errorText } from '../../../shared/errorText';

/** Exports the whole filtered list (every page, in the list's order) to an .xlsx file. */
export function useXlsxExport(def: ResourceDefinition, state: ListState, sources: OptionSources): { exporting: boolean; run(): Promise<void> } {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const ctx = useCellContext(sources);
  const [exporting, setExporting] = useState(false);
  const run = async () => {
    setExporting(true);
    try {
      const [rows, names] = await Promise.all([fetchAllRows(def, state), sources.loadNames()]);
      const title = t(resourceKey(def, 'title'));
      const data = buildXlsxRows(def.columns, rows, (c) => t(resourceKey(def, 'columns', c.name)), { ...ctx, names: (r) => names.get(r) });
      await writeXlsx(title, data, exportFileName(title, new Date()));
      message.success(t('kit.exported', { count: rows.length }));
    } catch (err) {
      message.error(t('kit.exportFailed', { error: errorText(err) }));
    } finally {
      setExporting(false);
    }
  };
  return { exporting, run };
}
