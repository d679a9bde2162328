/**
 * A screenshot for a bug report never shows a revealed secret (decision 031): while the screen is
 * captured, the page's own stylesheet hides every `[data-private]` element.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureScreen } from '../../src/reporting/feedback/screenshot';

/** `color: transparent`, as the browser computes it. */
const hidden = 'rgba(0, 0, 0, 0)';
const styles = readFileSync(join(process.cwd(), 'src/styles.css'), 'utf8');

function pageWithSecret() {
  const style = document.createElement('style');
  style.textContent = styles;
  document.head.append(style);
  const secret = document.createElement('code');
  secret.setAttribute('data-private', '');
  secret.textContent = 'Temp-Password-1';
  document.body.append(secret);
  return { secret, remove: () => [style, secret].forEach((node) => node.remove()) };
}

/** getDisplayMedia that notes what the secret looked like when the screen was taken. */
function displayMedia(secret: HTMLElement, outcome: 'shared' | 'refused') {
  const seen: string[] = [];
  const getDisplayMedia = vi.fn(async () => {
    seen.push(getComputedStyle(secret).color);
    if (outcome === 'refused') throw new DOMException('Permission denied', 'NotAllowedError');
    return { getTracks: () => [] } as unknown as MediaStream;
  });
  Object.defineProperty(navigator, 'mediaDevices', { value: { getDisplayMedia }, configurable: true });
  return seen;
}

describe('the screenshot of a bug report', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'mediaDevices');
  });

  it('hides every revealed secret while the screen is taken, and shows it again afterwards', async () => {
    const { secret, remove } = pageWithSecret();
    const seen = displayMedia(secret, 'shared');
    expect(getComputedStyle(secret).color).not.toBe(hidden);
    // jsdom plays no video: the capture fails after the screen was taken, which is all this looks at.
    await captureScreen().catch(() => {});
    expect(seen).toEqual([hidden]);
    expect(document.documentElement.hasAttribute('data-capturing')).toBe(false);
    expect(getComputedStyle(secret).color).not.toBe(hidden);
    remove();
  });

  it('shows the secrets again when the customer refuses to share the screen', async () => {
    const { secret, remove } = pageWithSecret();
    const seen = displayMedia(secret, 'refused');
    await expect(captureScreen()).rejects.toThrow('Permission denied');
    expect(seen).toEqual([hidden]);
    expect(document.documentElement.hasAttribute('data-capturing')).toBe(false);
    remove();
  });
});
