import { Type, type Static } from 'typebox';
import { takeHomePriceBounds } from '@kalike/shared/domain/take-home-bounds';

export { takeHomePriceBounds };

/** GET /v1/payments/take-home?pricePaise= */
export const TakeHomeQuerySchema = Type.Object(
  {
    /** A price as a family pays it, GST included, in integer paise. */
    pricePaise: Type.Integer({ minimum: takeHomePriceBounds.min, maximum: takeHomePriceBounds.max }),
  },
  { additionalProperties: false },
);
export type TakeHomeQuery = Static<typeof TakeHomeQuerySchema>;

const Paise = Type.Integer({ minimum: 0 });

/**
 * What a teacher receives from one payment at a price, computed by the API exactly as the
 * earnings statement books it. familyPays = gst + kalikeFee + teacherReceives, to the paisa.
 */
export const TeacherTakeHomeSchema = Type.Object({
  /** The price, GST included: what the family pays. */
  familyPaysPaise: Paise,
  /** The price without GST: what Kalike's fee is charged on. */
  taxablePaise: Paise,
  cgstPaise: Paise,
  sgstPaise: Paise,
  /** cgst + sgst, as on the payment's receipt. */
  gstPaise: Paise,
  /** Kalike's fee rate in basis points of the taxable value (1000 is 10 %). */
  kalikeFeeBasisPoints: Type.Integer({ minimum: 0 }),
  /** The rate of the taxable value, to the nearest paisa (exactly half a paisa to the teacher). */
  kalikeFeePaise: Paise,
  /** taxable − fee: what is due to the teacher. */
  teacherReceivesPaise: Paise,
});
export type TeacherTakeHome = Static<typeof TeacherTakeHomeSchema>;
