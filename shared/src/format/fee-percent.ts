import { formatBasisPoints } from '@kalike/shared/format/percent';

/** Kalike's fee in words: 1000 basis points → "10%", 750 → "7.5%". */
export function feePercent(basisPoints: number): string {
  return formatBasisPoints(basisPoints);
}
