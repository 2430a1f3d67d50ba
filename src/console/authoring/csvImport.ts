/**
 * The CSV import of tasks as the console explains it: the columns the server reads
 * (POST /api/staff/tasks/import), an example file an author can download and fill, and how a
 * preview answer becomes a verdict ("import N tasks" only when every row is valid — the server
 * saves all or nothing). Pure.
 */

export interface CsvColumn {
  name: string;
  required: boolean;
}

/** The columns in the order of the example file. A place is named by placeId, or by placeTitle + placeCity. */
export const CSV_COLUMNS: readonly CsvColumn[] = [
  { name: 'placeId', required: false },
  { name: 'placeTitle', required: false },
  { name: 'placeCity', required: false },
  { name: 'taskTypeId', required: true },
  { name: 'title', required: false },
  { name: 'timeWindowStart', required: true },
  { name: 'timeWindowEnd', required: true },
  { name: 'reward', required: true },
  { name: 'bonusReward', required: false },
  { name: 'expectedDuration', required: false },
  { name: 'descriptiveComment', required: false },
  { name: 'products', required: false },
  { name: 'published', required: false },
];

/** Rows the server takes in one file. */
export const CSV_MAX_ROWS = 1000;
/** Bytes the console reads from a chosen file (a 1000-row file is far below). */
export const CSV_MAX_BYTES = 2 * 1024 * 1024;

/** Quotes a cell when it holds a separator, a quote or a line break (RFC 4180). */
export function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * An example file: a header and two rows, one naming its place by id, one by title and city; the
 * window in ISO 8601 with the market's offset, money as decimals with a point, products as EANs
 * separated by `|` (products already in the catalog); `published` false keeps a task hidden from taskers (default true).
 */
export interface CsvSample {
  placeId: string;
  placeTitle: string;
  placeCity: string;
  taskTypeId: string;
  /** EANs of products already in the catalog (the import refuses unknown ones), `|`-separated. */
  products: string;
}

export const EXAMPLE_SAMPLE: CsvSample = {
  placeId: 'lt-maxima-01',
  placeTitle: 'Maxima XX Ozas',
  placeCity: 'Vilnius',
  taskTypeId: 'shelf-check',
  products: '4006381333931|5901234123457',
};

export function exampleCsv(sample: CsvSample = EXAMPLE_SAMPLE): string {
  const rows: string[][] = [
    CSV_COLUMNS.map((c) => c.name),
    [sample.placeId, '', '', sample.taskTypeId, '', '2026-12-07T09:00:00+02:00', '2026-12-07T18:00:00+02:00', '12.50', '', '45', 'Check the dairy shelf', sample.products, ''],
    ['', sample.placeTitle, sample.placeCity, sample.taskTypeId, 'Weekend check', '2026-12-12T10:00:00+02:00', '2026-12-12T16:00:00+02:00', '9.00', '1.50', '', 'Two facings at least, please', '', 'false'],
  ];
  return `${rows.map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** One previewed row as the console needs it (the import answer's rows). */
export interface PreviewRow {
  line: number;
  ok: boolean;
  errors?: Record<string, string> | null;
}

export interface PreviewVerdict {
  total: number;
  valid: number;
  invalid: number;
  /** Import is offered only for a preview whose every row is valid, of the text previewed. */
  canImport: boolean;
}

export function previewVerdict(rows: readonly PreviewRow[]): PreviewVerdict {
  const valid = rows.filter((r) => r.ok && Object.keys(r.errors ?? {}).length === 0).length;
  return { total: rows.length, valid, invalid: rows.length - valid, canImport: rows.length > 0 && valid === rows.length };
}

/**
 * A cheap fingerprint of the CSV text, so an import is offered only for the very text that was
 * previewed: editing the text after a preview asks for a new preview.
 */
export function csvFingerprint(text: string): string {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return `${text.length}:${(h >>> 0).toString(36)}`;
}
