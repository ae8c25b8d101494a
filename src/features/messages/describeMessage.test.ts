import { describe, expect, it } from 'vitest';
import { describeMessage, parseMessageData } from './describeMessage';

describe('parseMessageData', () => {
  it('reads JSON encoded once or twice and tolerates junk', () => {
    expect(parseMessageData('{"a":1}')).toEqual({ a: 1 });
    expect(parseMessageData(JSON.stringify(JSON.stringify({ a: 1 })))).toEqual({ a: 1 });
    expect(parseMessageData('not json')).toEqual({});
    expect(parseMessageData('[1]')).toEqual({});
    expect(parseMessageData(null)).toEqual({});
  });
});

describe('describeMessage', () => {
  it('shows a notice by its title and content', () => {
    expect(describeMessage({ content: '例行维护', data: '{"title":"系统维护通知","content":"维护期间数据可能中断"}' }))
      .toEqual({ headline: '系统维护通知', detail: '维护期间数据可能中断' });
  });

  it('places an alarm by project, device and measure, also when encoded twice', () => {
    const data = JSON.stringify(JSON.stringify({ projectName: '成都', deviceName: '传感器-02', measureName: 'PM2.5' }));
    expect(describeMessage({ content: 'PM2.5 超标', data })).toEqual({ headline: 'PM2.5 超标', detail: '成都 · 传感器-02 · PM2.5' });
  });

  it('places device faults, upgrades and user messages', () => {
    expect(describeMessage({ content: '故障', data: '{"projectName":"上海","deviceModelName":"AP900","devices":{"name":"机组-01"}}' }).detail)
      .toBe('上海 · AP900 · 机组-01');
    expect(describeMessage({ content: '升级', data: '{"projectName":"上海","deviceModelName":"AP900","fileVer":"2.1.0"}' }).detail)
      .toBe('上海 · AP900 · v2.1.0');
    expect(describeMessage({ content: '新用户', data: '{"name":"li.na","nickName":"李娜","sex":2}' }).detail).toBe('李娜（li.na）');
  });
});
