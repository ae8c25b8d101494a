import { describe, expect, it } from 'vitest';
import type { TemplateVariable } from '../model/types';
import { requestKey, sampleRequest } from './sampleRequest';

const variables: TemplateVariable[] = [
  { name: 'projectId', label: '项目', type: 'project', default: 7 },
  { name: 'city', label: '城市', type: 'string' },
];

describe('sampleRequest', () => {
  it('fills a REST source in with the defaults, a whole ${var} keeping its number', () => {
    const source = { id: 's', kind: 'rest' as const, endpoint: '/api/p/${projectId}/stats', params: { projectId: '${projectId}', label: 'p-${projectId}', n: 3 }, refreshSeconds: 30 };
    expect(sampleRequest({ variables }, source)).toEqual({ kind: 'rest', endpoint: '/api/p/7/stats', params: { projectId: 7, label: 'p-7', n: 3 } });
  });

  it('fills a hub topic in', () => {
    expect(sampleRequest({ variables }, { id: 'h', kind: 'hub', topic: 'project:${projectId}', event: 'deviceState' }))
      .toEqual({ kind: 'hub', topic: 'project:7', event: 'deviceState' });
  });

  it('names the variables without a default (or unknown) the source needs', () => {
    const source = { id: 's', kind: 'rest' as const, endpoint: '/api/weather', params: { city: '${city}', x: '${ghost}' }, refreshSeconds: 30 };
    expect(sampleRequest({ variables }, source)).toEqual({ kind: 'missing', variables: ['city', 'ghost'] });
  });

  it('keys requests by what they read', () => {
    const a = sampleRequest({ variables }, { id: 'a', kind: 'hub', topic: 'alarms', event: 'measureWarning' });
    const b = sampleRequest({ variables: [] }, { id: 'b', kind: 'hub', topic: 'alarms', event: 'measureWarning' });
    expect(requestKey(a)).toBe(requestKey(b));
  });
});
