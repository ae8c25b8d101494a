import { strings as runtime } from './runtime/strings';
import { strings as alarmTicker } from './widgets/alarm-ticker/strings';
import { strings as deviceTable } from './widgets/device-table/strings';
import { strings as gauge } from './widgets/gauge/strings';
import { strings as globe3d } from './widgets/globe-3d/strings';
import { strings as header } from './widgets/header/strings';
import { strings as model3d } from './widgets/model-3d/strings';
import { strings as pie } from './widgets/pie/strings';
import { strings as projectMap } from './widgets/project-map/strings';
import { strings as trend } from './widgets/trend/strings';

/**
 * Every text of the screen runtime and its widgets, for the host to register as the i18next
 * namespace `screens` (keys `<part>.<key>`, e.g. `runtime.stale`, `alarm-ticker.empty`).
 */
export const screenStrings = {
  zh: {
    runtime: runtime.zh,
    'alarm-ticker': alarmTicker.zh,
    'device-table': deviceTable.zh,
    gauge: gauge.zh,
    'globe-3d': globe3d.zh,
    header: header.zh,
    'model-3d': model3d.zh,
    pie: pie.zh,
    'project-map': projectMap.zh,
    trend: trend.zh,
  },
  en: {
    runtime: runtime.en,
    'alarm-ticker': alarmTicker.en,
    'device-table': deviceTable.en,
    gauge: gauge.en,
    'globe-3d': globe3d.en,
    header: header.en,
    'model-3d': model3d.en,
    pie: pie.en,
    'project-map': projectMap.en,
    trend: trend.en,
  },
};
