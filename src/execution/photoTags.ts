/** Photo tags from `?tags=` (comma-separated, spec section 2) and grouping by tag for the embedded view. Pure. */
import { PHOTO_TAGS, type PhotoTag } from '#domain/types';

export function parseTags(value: string | null): PhotoTag[] {
  if (!value) return [];
  const wanted = value.split(',').map((tag) => tag.trim());
  return PHOTO_TAGS.filter((tag) => wanted.includes(tag));
}

/** Photos with one of `tags`; all photos when no tag is asked for. */
export function photosWithTags<T extends { tags: readonly PhotoTag[] }>(photos: readonly T[], tags: readonly PhotoTag[]): T[] {
  if (tags.length === 0) return [...photos];
  return photos.filter((photo) => photo.tags.some((tag) => tags.includes(tag)));
}

/** Groups in PHOTO_TAGS order, then untagged photos (tag null); a photo with two tags shows in both. */
export function groupPhotosByTag<T extends { tags: readonly PhotoTag[] }>(photos: readonly T[]): { tag: PhotoTag | null; photos: T[] }[] {
  const groups: { tag: PhotoTag | null; photos: T[] }[] = PHOTO_TAGS.map((tag) => ({ tag, photos: photos.filter((p) => p.tags.includes(tag)) }));
  groups.push({ tag: null, photos: photos.filter((p) => p.tags.length === 0) });
  return groups.filter((group) => group.photos.length > 0);
}
