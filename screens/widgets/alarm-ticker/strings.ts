/** User-visible texts of the alarm ticker (namespace `screens`, prefix `alarm-ticker.`). */
export const strings = {
  zh: { levelHint: '提示', levelMinor: '次要', levelImportant: '重要', allClear: '暂无告警' },
  en: { levelHint: 'Hint', levelMinor: 'Minor', levelImportant: 'Important', allClear: 'No active alarms' },
} as const;
