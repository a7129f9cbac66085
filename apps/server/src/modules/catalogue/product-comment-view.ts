import type { ProductComment } from '@simshop/contract';
import { parseJson } from '../../lib/i18n.ts';
import { reviewPictureUrl } from '../files/files.service.ts';

/**
 * A product comment or review as the shop shows it: on the product page (here) and in the
 * comments module, which sits above the catalogue (a review needs the buyer's order).
 */
export interface CommentColumns {
  id: number;
  nickname: string;
  avatar: string | null;
  content: string;
  images: string;
  reply: string | null;
  created_at: number;
  rating: number | null;
  pictures: string;
}

/** Review pictures are stored as the file ids the buyer uploaded; the shop gets their addresses. */
export const pictureUrls = (pictures: string) => parseJson<string[]>(pictures, []).map(reviewPictureUrl);

export function toShopComment(c: CommentColumns): ProductComment {
  return { id: c.id, nickname: c.nickname, avatar: c.avatar, content: c.content, images: c.images, reply: c.reply, createdAt: c.created_at, rating: c.rating, pictures: pictureUrls(c.pictures) };
}
