import { describe, expect, it } from 'vitest';
import { draftOf, moveItem } from './playlistDraft';

describe('playlist drafts', () => {
  it('moves an item up or down and leaves the ends alone', () => {
    expect(moveItem(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });

  it('drops the names the server resolved', () => {
    expect(draftOf({
      id: 1, name: 'p', enabled: false, orgId: null, createdAt: 0, updatedAt: 0,
      items: [{ kind: 'graph', projectId: 3, durationSec: 20, title: undefined, name: '上海' }],
    }).items).toEqual([{ kind: 'graph', projectId: 3, graphId: undefined, durationSec: 20, title: undefined }]);
  });
});
