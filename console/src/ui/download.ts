/**
 * Saves text the API answered (a CSV) as a file: a blob URL opened by a link with `download`, which
 * needs nothing from the CSP's connect-src and leaves the token-carrying request to fetch.
 */
export function saveTextFile(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the download by the next task; only then may it go.
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}
