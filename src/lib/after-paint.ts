/**
 * Runs `run` in a task of its own after the next frame is drawn: what a tap changed on the screen is shown first, and
 * the expensive work it starts (a navigation, React's hydration) no longer delays that frame. On a slow phone a
 * tap's response is the frame after it, and INP counts the time until then (docs/benchmarks.md).
 */
export function afterNextPaint(run: () => void): void {
  requestAnimationFrame(() => setTimeout(run, 0));
}

/** Resolves after the next frame is drawn (`afterNextPaint`). */
export function nextPaint(): Promise<void> {
  return new Promise((resolve) => afterNextPaint(resolve));
}
