/** A rate's decimal text without the zeros a database pads it with: "150.250000" → "150.25". */
export function trimRate(rate: string): string {
  return rate.includes('.') ? rate.replace(/0+$/, '').replace(/\.$/, '') : rate;
}
