import type { TeacherPhoto } from '@kalike/shared/contracts/teacher-listings';
import type { StoredPhotoFile } from '../db/schema';

/** The size a photo's `url` points at: a 96 px box on a 2x screen, the most common draw. */
const defaultWidth = 192;

/**
 * The photo as pages draw it, from the teacher's stored files: the WebP sizes as a srcset
 * (the JPEG is for link previews, through `photo_url`). Null without a photo.
 */
export function teacherPhotoOf(files: readonly StoredPhotoFile[] | null | undefined): TeacherPhoto | null {
  const sizes = (files ?? []).filter((file) => file.format === 'webp').sort((a, b) => a.width - b.width);
  if (sizes.length === 0) return null;
  const main = sizes.find((file) => file.width >= defaultWidth) ?? sizes[sizes.length - 1]!;
  return {
    url: main.url,
    width: main.width,
    height: main.width,
    srcset: sizes.map((file) => ({ url: file.url, width: file.width })),
  };
}
