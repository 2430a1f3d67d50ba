/**
 * Saving an export: the file is fetched with the staff member's bearer (an export needs the
 * finance role, so a plain link cannot carry it; staffDownload refreshes an expired token), turned
 * into a blob and handed to the browser as a download under the server's file name.
 */
import { staffDownload } from '../api';
import { exportTarget, type ExportFormat } from './moneyForms';

/** Hands `blob` to the browser as a download named `filename`. */
export function saveBlob(blob: Blob, filename: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has started the download by now; the object URL is released a moment later.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** Fetches a market week's CSV or SEPA XML with the bearer and saves it. Throws StaffApiError on a refusal or no network. */
export async function downloadExport(format: ExportFormat, country: string, week: string): Promise<void> {
  const { url, filename } = exportTarget(format, country, week);
  saveBlob(await staffDownload(url), filename);
}
