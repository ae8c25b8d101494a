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

  it('reads a message that carries English (a video wall\'s health) in English when the console is, and in Chinese otherwise', () => {
    const data = JSON.stringify({
      wallId: 3, deviceName: '大厅', measureName: '第1行第2列', measureNameEn: 'row 1, column 2',
      contentEn: 'Video wall "大厅": the screen at row 1, column 2 is not responding',
    });
    const message = { content: '视频墙「大厅」第1行第2列屏幕无响应', data };
    expect(describeMessage(message, 'en')).toEqual({
      headline: 'Video wall "大厅": the screen at row 1, column 2 is not responding', detail: '大厅 · row 1, column 2',
    });
    expect(describeMessage(message, 'en-GB').headline).toMatch(/^Video wall/);
    expect(describeMessage(message, 'zh')).toEqual({ headline: '视频墙「大厅」第1行第2列屏幕无响应', detail: '大厅 · 第1行第2列' });
    expect(describeMessage(message)).toEqual(describeMessage(message, 'zh'));
    // Without English beside it, a message reads as stored in either language.
    const plain = { content: 'PM2.5 超标', data: '{"deviceName":"传感器-02","measureName":"PM2.5","contentEn":" "}' };
    expect(describeMessage(plain, 'en')).toEqual({ headline: 'PM2.5 超标', detail: '传感器-02 · PM2.5' });
  });
});
