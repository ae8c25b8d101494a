/** Text of the pie widget, registered under the `screens` namespace with the prefix `pie.`. */
export const strings = {
  zh: { total: '总数' },
  en: { total: 'Total' },
} as const;
