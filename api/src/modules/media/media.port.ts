/** What other modules may rely on from media: the storage they are handed for uploaded photos. */
export type { MediaStorage } from './media-storage';
