/**
 * Saves data the browser already holds as a download, for the shop and the console alike: a
 * link to an object address, clicked, then revoked once the save has surely started (revoking
 * at once can cancel it in some browsers).
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
