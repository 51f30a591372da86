/**
 * A percentage as people read it: the number and the sign together, "10%", "7.5%", never
 * "10 %" (Indian and British English write no space), with at most two decimals.
 */
export function formatPercent(percent: number): string {
  return `${Number(percent.toFixed(2))}%`;
}

/** A rate kept in basis points (GST's 900, Kalike's fee), as a percentage: 900 → "9%". */
export const formatBasisPoints = (basisPoints: number): string => formatPercent(basisPoints / 100);
