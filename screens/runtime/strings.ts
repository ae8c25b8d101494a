/** The runtime's own texts (namespace `screens`, prefix `runtime.`). */
export const strings = {
  zh: {
    loading: '加载中…',
    noData: '暂无数据',
    stale: '数据延迟',
    staleSince: '数据延迟 · 最后更新 {{time}}',
    loadFailed: '数据加载失败：{{error}}',
    widgetFailed: '组件出错：{{error}}',
    invalidTitle: '大屏模板无效',
    invalidHint: '请在大屏模板库中修正该模板，或切换到其他模板。',
    missingVariables: '缺少模板变量：{{names}}',
  },
  en: {
    loading: 'Loading…',
    noData: 'No data',
    stale: 'Stale',
    staleSince: 'Stale · last update {{time}}',
    loadFailed: 'Failed to load data: {{error}}',
    widgetFailed: 'Widget failed: {{error}}',
    invalidTitle: 'Invalid screen template',
    invalidHint: 'Fix this template in the screen template library, or switch to another template.',
    missingVariables: 'Missing template variables: {{names}}',
  },
} as const;
