/** Saves a text the server made as a file the browser downloads. */
export function saveFile(filename: string, text: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Let the download start before the address is revoked.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
