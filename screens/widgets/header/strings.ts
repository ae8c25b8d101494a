/** Text of the header widget, registered under the `screens` namespace with the prefix `header.`. */
export const strings = {
  zh: {
    weekday0: '星期日',
    weekday1: '星期一',
    weekday2: '星期二',
    weekday3: '星期三',
    weekday4: '星期四',
    weekday5: '星期五',
    weekday6: '星期六',
  },
  en: {
    weekday0: 'Sunday',
    weekday1: 'Monday',
    weekday2: 'Tuesday',
    weekday3: 'Wednesday',
    weekday4: 'Thursday',
    weekday5: 'Friday',
    weekday6: 'Saturday',
  },
} as const;
