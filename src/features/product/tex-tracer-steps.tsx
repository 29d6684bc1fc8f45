import { t } from '../../lib/i18n/index.ts';
import { shop } from '../../lib/shop.ts';
import { useAsync } from '../../lib/use-async.ts';
import { LoadFailed } from '../../ui/load-failed.tsx';
import { Loader } from '../../ui/loader.tsx';
import { JOURNEY_STEP_LABELS } from './journey-steps.ts';

/**
 * The steps of a product's journey in order, each with its place and maker (`texTracer` of the worker, kept on the
 * device for an offline revisit). Mounted when the tex tracer opens.
 */
export function TexTracerSteps({ sku }: { sku: string }) {
  const tracer = useAsync(`tex-tracer:${sku}`, () => shop().texTracer(sku));
  if (tracer.status === 'loading') return <Loader />;
  if (tracer.status === 'error') {
    return (
      <LoadFailed
        message={t('Where this product was made cannot be loaded. Check your connection and try again.')}
        onRetry={tracer.reload}
      />
    );
  }
  if (tracer.data.steps.length === 0) return <p>{t('The maker has not shared where this product was made.')}</p>;
  return (
    <>
      {tracer.data.offline ? <p className="muted">{t('Saved on this device on your last visit (offline)')}</p> : null}
      <ol className="tex-tracer-steps">
        {tracer.data.steps.map((s, i) => (
          <li key={i} className="tex-tracer-step">
            <h3>{t(JOURNEY_STEP_LABELS[s.step])}</h3>
            <p>
              <span className="tex-tracer-place">
                {s.city}, <span className="tex-tracer-country">{s.country}</span>
              </span>
              <br />
              <span className="muted">{s.company}</span>
            </p>
          </li>
        ))}
      </ol>
    </>
  );
}
