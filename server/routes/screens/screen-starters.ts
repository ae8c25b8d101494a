import type { ScreenTemplateStarter } from '../../../contract/screen-template-library';
import { checkedTemplate, OVERVIEW_TEMPLATE, SITUATION_TEMPLATE } from '../../seed/demo-screens';

const SOURCES = [
  { key: 'overview', name: { zh: '平台总览', en: 'Platform overview' }, document: OVERVIEW_TEMPLATE },
  { key: 'situation', name: { zh: '三维态势', en: '3D situation' }, document: SITUATION_TEMPLATE },
];

/**
 * The built-in layouts a new template may start from: the demo's own wall designs (they need no
 * variable, so they show data at once), checked by the template schema like any save.
 */
export const SCREEN_STARTERS: readonly ScreenTemplateStarter[] = SOURCES.map(({ key, name, document }) => {
  const content = checkedTemplate(document);
  return { key, name, width: content.canvas.width, height: content.canvas.height, widgetCount: content.widgets.length, content };
});
