import { describe, expect, it } from 'vitest';
import { hlsFailure, mediaElementFailure } from './streamFailure';

describe('hlsFailure', () => {
  it('ignores what hls.js recovers from itself', () => {
    expect(hlsFailure({ type: 'networkError', details: 'fragLoadError', fatal: false }, false)).toBeNull();
  });

  it('tells an unreachable address from one that answers something else than a playlist', () => {
    for (const details of ['manifestLoadError', 'manifestLoadTimeOut', 'levelLoadError', 'fragLoadError']) {
      expect(hlsFailure({ type: 'networkError', details, fatal: true }, false)).toBe('unreachable');
    }
    for (const details of ['manifestParsingError', 'levelEmptyError', 'manifestIncompatibleCodecsError']) {
      expect(hlsFailure({ type: 'networkError', details, fatal: true }, false)).toBe('invalid');
    }
  });

  it('tries one media recovery before a media error is final', () => {
    const e = { type: 'mediaError', details: 'bufferAppendError', fatal: true };
    expect(hlsFailure(e, false)).toBe('recover');
    expect(hlsFailure(e, true)).toBe('media');
    expect(hlsFailure({ type: 'otherError', details: 'internalException', fatal: true }, false)).toBe('media');
  });
});

describe('mediaElementFailure', () => {
  it('maps the MediaError codes', () => {
    expect(mediaElementFailure(2)).toBe('unreachable');
    expect(mediaElementFailure(3)).toBe('media');
    expect(mediaElementFailure(4)).toBe('unplayable');
    expect(mediaElementFailure(undefined)).toBe('unplayable');
  });
});
