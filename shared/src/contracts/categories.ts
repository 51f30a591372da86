import { Type, type Static } from 'typebox';
import { Uuid } from '@kalike/shared/contracts/uuid';

export const CategorySchema = Type.Object({
  id: Uuid,
  slug: Type.String(),
  name: Type.String(),
  description: Type.String(),
  /** Key into the client's icon set, not a URL. */
  icon: Type.String(),
  activeListingCount: Type.Integer({ minimum: 0 }),
});
export type Category = Static<typeof CategorySchema>;

export const CategoryListSchema = Type.Object({
  categories: Type.Array(CategorySchema),
});
export type CategoryList = Static<typeof CategoryListSchema>;

export const CategorySlugParamsSchema = Type.Object(
  { slug: Type.String({ pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$', maxLength: 80 }) },
  { additionalProperties: false },
);
export type CategorySlugParams = Static<typeof CategorySlugParamsSchema>;
