/** Kalike's fee in words: 1000 basis points → "10%", 750 → "7.5%". */
export function feePercent(basisPoints: number): string {
  return `${Number((basisPoints / 100).toFixed(2))}%`;
}
