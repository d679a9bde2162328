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

describe('the screenshot of a bug report and personal data (decision 044)', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'mediaDevices');
  });

  function pageWithPersonalData() {
    const style = document.createElement('style');
    style.textContent = styles;
    document.head.append(style);
    const email = document.createElement('span');
    email.setAttribute('data-pii', '');
    email.textContent = 'erika@example.com';
    const field = document.createElement('input');
    field.setAttribute('data-pii', '');
    field.value = 'Musterstraße 1';
    const secret = document.createElement('code');
    secret.setAttribute('data-private', '');
    secret.textContent = 'DE02120300000000202051';
    document.body.append(email, field, secret);
    return { email, field, secret, remove: () => [style, email, field, secret].forEach((node) => node.remove()) };
  }

  /** getDisplayMedia that notes how the marked elements looked and what it was asked for. */
  function displayMediaSeeing(elements: HTMLElement[]) {
    const seen: string[][] = [];
    const asked: unknown[] = [];
    const getDisplayMedia = vi.fn(async (options: unknown) => {
      asked.push(options);
      seen.push(elements.map((element) => getComputedStyle(element).color));
      return { getTracks: () => [] } as unknown as MediaStream;
    });
    Object.defineProperty(navigator, 'mediaDevices', { value: { getDisplayMedia }, configurable: true });
    return { seen, asked };
  }

  it('hides every personal field (the rendered email, a typed address) and every secret while personal data may not go to Sentry', async () => {
    const { email, field, secret, remove } = pageWithPersonalData();
    const { seen, asked } = displayMediaSeeing([email, field, secret]);
    await captureScreen({ sendPii: false }).catch(() => {});
    expect(seen).toEqual([[hidden, hidden, hidden]]);
    // The browser is asked for this tab, never a whole screen.
    expect(asked[0]).toMatchObject({
      video: { displaySurface: 'browser' },
      preferCurrentTab: true,
      monitorTypeSurfaces: 'exclude',
    });
    expect(getComputedStyle(email).color).not.toBe(hidden);
    remove();
  });

  it('hides personal data by default', async () => {
    const { email, remove } = pageWithPersonalData();
    const { seen } = displayMediaSeeing([email]);
    await captureScreen().catch(() => {});
    expect(seen).toEqual([[hidden]]);
    remove();
  });

  it('shows personal data, but never a secret, when VITE_SENTRY_SEND_PII allows it', async () => {
    const { email, field, secret, remove } = pageWithPersonalData();
    const { seen } = displayMediaSeeing([email, field, secret]);
    await captureScreen({ sendPii: true }).catch(() => {});
    expect(seen[0]?.[0]).not.toBe(hidden);
    expect(seen[0]?.[1]).not.toBe(hidden);
    expect(seen[0]?.[2]).toBe(hidden);
    remove();
  });
});
