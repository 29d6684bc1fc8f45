import { useStore } from '../lib/store.ts';
import { progressStore } from './progress.ts';

export function ProgressBar() {
  const { value, visible } = useStore(progressStore);
  return (
    <div className="progress" aria-hidden="true" style={{ opacity: visible ? 1 : 0 }}>
      <div className="progress-bar" style={{ transform: `scaleX(${value / 100})` }} />
    </div>
  );
}
