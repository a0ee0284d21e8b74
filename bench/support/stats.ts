/** The p-th percentile (0-100) of samples, nearest-rank on a sorted copy. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) throw new Error('no samples');
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

export function median(samples: readonly number[]): number {
  return percentile(samples, 50);
}

export function sum(samples: readonly number[]): number {
  return samples.reduce((s, x) => s + x, 0);
}

/** Milliseconds since `start` (performance.now()). */
export function since(start: number): number {
  return performance.now() - start;
}
