import { Type, type Static } from 'typebox';

// What browsers send when a page's Content-Security-Policy blocks something. Browsers add
// fields over time, so unknown ones are allowed (and not logged); every known one is bounded.
const Text = (maxLength: number) => Type.String({ maxLength });
const Count = Type.Integer({ minimum: 0, maximum: 10_000_000 });

/** `report-uri`: one violation as `application/csp-report`. */
export const CspReportSchema = Type.Object({
  'csp-report': Type.Object({
    'document-uri': Text(2048),
    referrer: Type.Optional(Text(2048)),
    'violated-directive': Type.Optional(Text(256)),
    'effective-directive': Type.Optional(Text(256)),
    'original-policy': Type.Optional(Text(4096)),
    disposition: Type.Optional(Type.Union([Type.Literal('enforce'), Type.Literal('report')])),
    'blocked-uri': Type.Optional(Text(2048)),
    'status-code': Type.Optional(Count),
    'source-file': Type.Optional(Text(2048)),
    'line-number': Type.Optional(Count),
    'column-number': Type.Optional(Count),
    'script-sample': Type.Optional(Text(256)),
  }),
});

/** `report-to` (the Reporting API): a batch as `application/reports+json`, CSP violations among other kinds. */
export const ReportingBatchSchema = Type.Array(
  Type.Object({
    type: Text(64),
    age: Type.Optional(Count),
    url: Text(2048),
    user_agent: Type.Optional(Text(512)),
    body: Type.Object({
      documentURL: Type.Optional(Text(2048)),
      referrer: Type.Optional(Text(2048)),
      blockedURL: Type.Optional(Text(2048)),
      effectiveDirective: Type.Optional(Text(256)),
      originalPolicy: Type.Optional(Text(4096)),
      disposition: Type.Optional(Type.Union([Type.Literal('enforce'), Type.Literal('report')])),
      sourceFile: Type.Optional(Text(2048)),
      sample: Type.Optional(Text(256)),
      statusCode: Type.Optional(Count),
      lineNumber: Type.Optional(Count),
      columnNumber: Type.Optional(Count),
    }),
  }),
  { minItems: 1, maxItems: 50 },
);

export const CspReportBodySchema = Type.Union([CspReportSchema, ReportingBatchSchema]);
export type CspReportBody = Static<typeof CspReportBodySchema>;

/** One violation as it is logged, whichever way the browser reported it. */
export interface CspViolation {
  documentUrl: string;
  directive: string | null;
  blocked: string | null;
  disposition: 'enforce' | 'report' | null;
  sourceFile: string | null;
  line: number | null;
  column: number | null;
  sample: string | null;
}
