/**
 * Spec 000 §4 "Category two-stage caching": a listing first loads a light field set to render at once, then the
 * full documents for the local cache. The switch turns itself off at runtime when the first stage turns out slower
 * than the second (then one full request is cheaper than two).
 */
export class TwoStageSwitch {
  constructor(public enabled: boolean) {}

  record(firstStageMs: number, secondStageMs: number): void {
    if (firstStageMs > secondStageMs) this.enabled = false;
  }
}
