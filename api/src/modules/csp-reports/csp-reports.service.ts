import type { CspReportBody, CspViolation } from './csp-reports.schemas';

/**
 * The violations in a report, in one shape for the log. A page's address is kept without
 * its query and fragment, which may carry a learner's data (a phone number in a link).
 */
export function violationsIn(body: CspReportBody): CspViolation[] {
  if (Array.isArray(body)) {
    return body
      .filter((report) => report.type === 'csp-violation')
      .map(({ url, body: report }) => ({
        documentUrl: withoutQuery(report.documentURL ?? url),
        directive: report.effectiveDirective ?? null,
        blocked: report.blockedURL ? withoutQuery(report.blockedURL) : null,
        disposition: report.disposition ?? null,
        sourceFile: report.sourceFile ? withoutQuery(report.sourceFile) : null,
        line: report.lineNumber ?? null,
        column: report.columnNumber ?? null,
        sample: report.sample ?? null,
      }));
  }
  const report = body['csp-report'];
  return [
    {
      documentUrl: withoutQuery(report['document-uri']),
      directive: report['effective-directive'] ?? report['violated-directive'] ?? null,
      blocked: report['blocked-uri'] ? withoutQuery(report['blocked-uri']) : null,
      disposition: report.disposition ?? null,
      sourceFile: report['source-file'] ? withoutQuery(report['source-file']) : null,
      line: report['line-number'] ?? null,
      column: report['column-number'] ?? null,
      sample: report['script-sample'] ?? null,
    },
  ];
}

/** `inline`, `eval` and the like are kept as they are; a URL loses its query and fragment. */
function withoutQuery(value: string): string {
  try {
    const url = new URL(value);
    return `${url.origin === 'null' ? `${url.protocol}` : url.origin}${url.pathname}`;
  } catch {
    return value.slice(0, 256);
  }
}
