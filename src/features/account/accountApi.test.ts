import { describe, expect, it } from 'vitest';
import { avatarProblem } from './accountApi';

describe('avatarProblem', () => {
  it('accepts up to 2 MB and refuses more', () => {
    expect(avatarProblem({ size: 2 * 1024 * 1024 })).toBeUndefined();
    expect(avatarProblem({ size: 2 * 1024 * 1024 + 1 })).toBe('account.avatarTooLarge');
  });
});
