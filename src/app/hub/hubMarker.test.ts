import { describe, expect, it } from 'vitest';
import { hubMarker } from './hubMarker';

describe('hubMarker', () => {
  it('shows nothing while connected or without a user', () => {
    expect(hubMarker('connected', false)).toBeNull();
    expect(hubMarker('connected', true)).toBeNull();
    expect(hubMarker('disconnected', true)).toBeNull();
  });

  it('says reconnecting as soon as the connection is lost', () => {
    expect(hubMarker('reconnecting', false)).toBe('reconnecting');
  });

  it('lets the first connection take its 5 s delay, then says it is still connecting', () => {
    expect(hubMarker('connecting', false)).toBeNull();
    expect(hubMarker('connecting', true)).toBe('connecting');
  });
});
