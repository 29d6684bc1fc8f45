import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { redactUrl } from './redact.ts';
import { CSP_REPORT_PATH } from './security-headers.ts';

/** Reports one address may send per minute: a page in a loop of violations must not fill the log. */
export const CSP_REPORTS_PER_MINUTE = 30;

/** What is logged of one violation: which rule refused what, on which page; addresses without their credentials. */
export interface CspViolation {
  directive: string;
  blocked: string;
  document: string;
  source?: string;
  line?: number;
  disposition?: string;
}

const text = (value: unknown, max = 300) => (typeof value === 'string' ? value.slice(0, max) : '');

/** A URL named in a report, credentials removed (`redactUrl`); 'inline', 'eval' and the like as they are. */
function safeUrl(value: unknown): string {
  const raw = text(value, 2000);
  if (!/^https?:/.test(raw)) return raw.slice(0, 100);
  try {
    const url = new URL(raw);
    return (url.origin + redactUrl(`${url.pathname}${url.search}`)).slice(0, 300);
  } catch {
    return '[not a URL]';
  }
}

/** One report body, in either form: `report-uri`'s `{ "csp-report": {…} }` or a Reporting API entry's `body`. */
function violationOf(report: Record<string, unknown>): CspViolation | null {
  const legacy = report['csp-report'];
  if (legacy && typeof legacy === 'object') {
    const r = legacy as Record<string, unknown>;
    return {
      directive: text(r['effective-directive'] ?? r['violated-directive'], 100),
      blocked: safeUrl(r['blocked-uri']),
      document: safeUrl(r['document-uri']),
      source: safeUrl(r['source-file']) || undefined,
      line: typeof r['line-number'] === 'number' ? r['line-number'] : undefined,
      disposition: text(r.disposition, 20) || undefined,
    };
  }
  if (report.type === 'csp-violation' && report.body && typeof report.body === 'object') {
    const b = report.body as Record<string, unknown>;
    return {
      directive: text(b.effectiveDirective, 100),
      blocked: safeUrl(b.blockedURL),
      document: safeUrl(b.documentURL),
      source: safeUrl(b.sourceFile) || undefined,
      line: typeof b.lineNumber === 'number' ? b.lineNumber : undefined,
      disposition: text(b.disposition, 20) || undefined,
    };
  }
  return null;
}

/**
 * `POST /api/csp-report` (docs/security.md "Violation reports"): the browser's reports of what the page's CSP
 * refused, logged as warnings (at most 10 per request, rate-limited per address), credentials never logged. Always
 * 204: a browser does nothing with the answer.
 */
const cspReportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(rateLimit, { global: false });
  for (const type of ['application/csp-report', 'application/reports+json']) {
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(null, null);
      }
    });
  }
  app.post(
    CSP_REPORT_PATH,
    { config: { rateLimit: { max: CSP_REPORTS_PER_MINUTE, timeWindow: 60_000 } }, bodyLimit: 64 * 1024 },
    async (request, reply) => {
      const body = request.body;
      const reports = (Array.isArray(body) ? body : [body]).slice(0, 10);
      for (const report of reports) {
        const violation = report && typeof report === 'object' ? violationOf(report as Record<string, unknown>) : null;
        if (violation) request.log.warn({ cspViolation: violation }, 'content security policy violation');
      }
      return reply.code(204).send();
    },
  );
};

export default cspReportRoutes;
