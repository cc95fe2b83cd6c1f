/** Peak resident memory of a measured run (bench:speed). */
const RSS_SAMPLE_MS = 50;
const MB = 1024 * 1024;

/** Peak RSS while `run` executes, sampled every RSS_SAMPLE_MS (and once at the end). */
export async function withPeakRss<T>(run: () => Promise<T>): Promise<{ value: T; peakRssMB: number; seconds: number }> {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, RSS_SAMPLE_MS);
  const started = performance.now();
  try {
    const value = await run();
    const seconds = (performance.now() - started) / 1000;
    peak = Math.max(peak, process.memoryUsage().rss);
    return { value, peakRssMB: peak / MB, seconds };
  } finally {
    clearInterval(timer);
  }
}
