/** The browser's own download of `bytes` under `name`: a blob address on a link with `download`, clicked. */
export function saveWithLink(name: string, bytes: Uint8Array, mimeType: string): void {
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: mimeType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  link.click();
  // The download has its own reference once it started.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
