import { Type, type Static } from 'typebox';
import { Uuid } from '@kalike/shared/contracts/uuid';
import { classUpdatePostLimits } from '@kalike/shared/domain/session-values';

export const classUpdateKinds = ['new_batch', 'schedule_change', 'holiday', 'event', 'achievement'] as const;
export type ClassUpdateKind = (typeof classUpdateKinds)[number];

export const ClassUpdateSchema = Type.Object({
  id: Uuid,
  kind: Type.Enum(classUpdateKinds),
  title: Type.String(),
  body: Type.String(),
  publishedAt: Type.String({ format: 'date-time' }),
  teacher: Type.Object({ name: Type.String(), slug: Type.String() }),
  locality: Type.Union([Type.Object({ slug: Type.String(), name: Type.String() }), Type.Null()]),
  batchName: Type.Union([Type.String(), Type.Null()]),
});
export type ClassUpdate = Static<typeof ClassUpdateSchema>;

export const classUpdatesLimit = { min: 1, max: 50, default: 20 } as const;

export const ClassUpdatesQuerySchema = Type.Object(
  {
    /** Opaque; pass back the previous page's nextCursor unchanged. */
    cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    limit: Type.Optional(
      Type.Integer({
        minimum: classUpdatesLimit.min,
        maximum: classUpdatesLimit.max,
        default: classUpdatesLimit.default,
      }),
    ),
    /** Locality slug. */
    locality: Type.Optional(Type.String({ pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$', maxLength: 80 })),
  },
  { additionalProperties: false },
);
export type ClassUpdatesQuery = Static<typeof ClassUpdatesQuerySchema>;

export const ClassUpdatePageSchema = Type.Object({
  updates: Type.Array(ClassUpdateSchema),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
});
export type ClassUpdatePage = Static<typeof ClassUpdatePageSchema>;

/** POST /v1/class/batches/{id}/updates: a teacher's post to one of their batches; the families see it in My Updates. */
export const PostClassUpdateBodySchema = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: classUpdatePostLimits.titleMax }),
    body: Type.String({ minLength: 1, maxLength: classUpdatePostLimits.bodyMax }),
  },
  { additionalProperties: false },
);
export type PostClassUpdateBody = Static<typeof PostClassUpdateBodySchema>;
