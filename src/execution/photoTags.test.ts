import { describe, expect, it } from 'vitest';
import { groupPhotosByTag, parseTags, photosWithTags } from './photoTags';

describe('photo tags', () => {
  it('reads known tags from the comma-separated parameter and ignores the rest', () => {
    expect(parseTags('after, before,selfie,,task_blocker')).toEqual(['before', 'after', 'task_blocker']);
    expect(parseTags(null)).toEqual([]);
  });

  it('filters photos by any of the tags, or keeps all without tags', () => {
    const photos = [{ id: 1, tags: ['before' as const] }, { id: 2, tags: ['after' as const] }, { id: 3, tags: [] }];
    expect(photosWithTags(photos, ['after']).map((p) => p.id)).toEqual([2]);
    expect(photosWithTags(photos, [])).toHaveLength(3);
  });

  it('groups by tag in the product order, untagged last', () => {
    const photos = [{ id: 1, tags: ['after' as const] }, { id: 2, tags: [] }, { id: 3, tags: ['before' as const, 'after' as const] }];
    expect(groupPhotosByTag(photos).map((g) => [g.tag, g.photos.map((p) => p.id)])).toEqual([
      ['before', [3]],
      ['after', [1, 3]],
      [null, [2]],
    ]);
  });
});
