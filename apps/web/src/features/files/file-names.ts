/** The UTC time SPEC §3 appends to an upload's name. */
const UPLOAD_STAMP = / \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/**
 * An upload's name as a member knows it: the original file name, without the time the upload
 * added (the list shows the date on its own). A name without one is shown whole.
 */
export function displayFileName(name: string): string {
  const shown = name.replace(UPLOAD_STAMP, '');
  return shown.trim() === '' ? name : shown;
}
