/**
 * The cargo line a scanned or typed code counts into, or undefined when the cargo has none. The one
 * place a scan meets a cargo's lines (the editor and the receiver's count screen), so codes that
 * name a line in other ways (weighed barcodes) are taught here once.
 */
export function lineForScan<T extends { code: string }>(lines: readonly T[], scanned: string): T | undefined {
  const code = scanned.trim();
  if (!code) return undefined;
  return lines.find((line) => line.code === code);
}
