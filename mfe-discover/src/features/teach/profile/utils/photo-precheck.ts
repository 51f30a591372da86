import { profilePhotoRules } from '@kalike/shared/domain/teacher-profile-values';

const megabytes = Math.round(profilePhotoRules.maxBytes / (1024 * 1024));

/**
 * What is plainly wrong with a chosen file, before a phone spends its data uploading it. Only
 * a courtesy: the API reads the bytes and decides. Null when the file may go.
 */
export function photoPrecheck(file: Pick<File, 'type' | 'size'>): string | null {
  // Some phones leave the type empty; the API will tell.
  if (file.type && !(profilePhotoRules.types as readonly string[]).includes(file.type)) {
    return 'Choose a JPEG, PNG or WebP photo.';
  }
  if (file.size > profilePhotoRules.maxBytes) return `The photo is larger than ${megabytes} MB. Choose a smaller one.`;
  if (file.size === 0) return 'That file is empty. Choose another photo.';
  return null;
}
