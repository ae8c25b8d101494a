/** Text of the gauge widget, registered under the `screens` namespace with the prefix `gauge.`: the six AQI levels. */
export const strings = {
  zh: {
    level1: '优',
    level2: '良',
    level3: '轻度污染',
    level4: '中度污染',
    level5: '重度污染',
    level6: '严重污染',
  },
  en: {
    level1: 'Good',
    level2: 'Moderate',
    level3: 'Unhealthy for sensitive groups',
    level4: 'Unhealthy',
    level5: 'Very unhealthy',
    level6: 'Hazardous',
  },
} as const;
