/**
 * Writing to the clipboard (SPEC §2 "copy-to-clipboard where available"): the asynchronous
 * Clipboard API first, then the older selection-and-copy command for browsers or pages where
 * that API is missing or refused. When both fail the promise rejects and the copy button
 * offers the text for manual copying instead.
 */
function copyBySelection(text: string): boolean {
  if (typeof document.execCommand !== 'function') return false;
  const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.setAttribute('aria-hidden', 'true');
  area.style.position = 'fixed';
  area.style.top = '0';
  area.style.left = '-9999px';
  document.body.append(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
    previous?.focus();
  }
}

export async function writeToClipboard(text: string): Promise<void> {
  if (typeof navigator !== 'undefined' && navigator.clipboard && typeof navigator.clipboard.writeText === 'function') {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // Refused (no permission, no focus, insecure page): the selection fallback may still work.
    }
  }
  if (copyBySelection(text)) return;
  throw new Error('The browser does not allow copying to the clipboard.');
}
