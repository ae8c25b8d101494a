import { describe, expect, it } from 'vitest';
import { addTag, closeAllTags, closeOtherTags, closeTag } from './tagsView';

describe('tags view', () => {
  const tags = ['/', '/a', '/b', '/c'];

  it('adds a page once, after the root tab', () => {
    expect(addTag(['/'], '/a')).toEqual(['/', '/a']);
    expect(addTag(tags, '/b')).toEqual(tags);
    expect(addTag([], '/x')).toEqual(['/', '/x']);
  });

  it('closing the active tab moves to the last remaining one', () => {
    expect(closeTag(tags, '/c', '/c')).toEqual({ tags: ['/', '/a', '/b'], navigateTo: '/b' });
    expect(closeTag(tags, '/a', '/c')).toEqual({ tags: ['/', '/b', '/c'], navigateTo: undefined });
  });

  it('never closes the root tab', () => {
    expect(closeTag(tags, '/', '/')).toEqual({ tags });
  });

  it('close others keeps the root and the chosen tab', () => {
    expect(closeOtherTags('/b', '/b')).toEqual({ tags: ['/', '/b'], navigateTo: undefined });
    expect(closeOtherTags('/a', '/c')).toEqual({ tags: ['/', '/a'], navigateTo: '/a' });
    expect(closeOtherTags('/', '/c')).toEqual({ tags: ['/'], navigateTo: '/' });
  });

  it('close all goes back to the root', () => {
    expect(closeAllTags('/b')).toEqual({ tags: ['/'], navigateTo: '/' });
    expect(closeAllTags('/')).toEqual({ tags: ['/'], navigateTo: undefined });
  });
});
