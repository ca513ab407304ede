/** Hands a file the page received (a signed PDF) to the browser as a download named `fileName`. */
export function saveFile(file: Blob, fileName: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the link; the object URL is no longer needed once it has.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
