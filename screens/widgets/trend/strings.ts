/** User-visible texts of the trend widget (namespace `screens`, prefix `trend.`). */
export const strings = {
  zh: { limit: '国标限值' },
  en: { limit: 'Limit' },
} as const;
