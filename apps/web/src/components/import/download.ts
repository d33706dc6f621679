/** Saves a blob as a file the way a download link would (exports, import templates). */
export function saveBlob(name: string, blob: Blob) {
  const url = URL.createObjectURL(blob);
  const a = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  // Some browsers start the download after the click handler returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Saves CSV text as a file, with a BOM so spreadsheet programs read UTF-8 (Japanese names). */
export function downloadCsv(name: string, text: string) {
  saveBlob(name, new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' }));
}
