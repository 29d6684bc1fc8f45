import { useStore } from '../lib/store.ts';
import { progressStore } from './progress.ts';

export function ProgressBar() {
  const { value, visible } = useStore(progressStore);
  return (
    // Hidden and empty by its classes, not style="": the server's HTML carries no style attribute, which the CSP
    // refuses (docs/security.md); the browser's React sets the bar's width through the CSSOM, which it allows.
    <div className={visible ? 'progress progress-visible' : 'progress'} aria-hidden="true">
      <div className="progress-bar" style={value > 0 ? { transform: `scaleX(${value / 100})` } : undefined} />
    </div>
  );
}
