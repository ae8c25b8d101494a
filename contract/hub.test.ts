import { describe, expect, it } from 'vitest';
import { HubTopic, parseTopic } from './hub';

describe('hub topics', () => {
  it('reads the topic names the helpers write', () => {
    expect(parseTopic(HubTopic.alarms)).toEqual({ kind: 'alarms' });
    expect(parseTopic(HubTopic.statistics)).toEqual({ kind: 'statistics' });
    expect(parseTopic(HubTopic.project(12))).toEqual({ kind: 'project', id: 12 });
    expect(parseTopic(HubTopic.device(2_147_483_647))).toEqual({ kind: 'device', id: 2_147_483_647 });
    expect(parseTopic(HubTopic.user(1))).toEqual({ kind: 'user', id: 1 });
    expect(parseTopic(HubTopic.wall(3))).toEqual({ kind: 'wall', id: 3 });
  });

  it.each(['', 'Alarms', 'project:', 'project:0', 'project:012', 'project:-1', 'project:1.5', 'project:2147483648',
    'device:99999999999', 'org:1', 'wall:0', 'wall:', 'wall:2147483648', 'project:1 ', ' alarms', 'user:abc'])('refuses %j', (topic) => {
    expect(parseTopic(topic)).toBeNull();
  });
});
