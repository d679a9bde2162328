/**
 * Taking and cropping the optional screenshot of the feedback widget (SPEC §9): the browser's
 * own screen sharing takes one picture (the customer chooses what to share and can refuse),
 * and a canvas cuts out the confirmed part as a PNG. Nothing is uploaded before "Bug Report
 * absenden".
 */
import type { Capture, Crop, Screenshot } from '../../machines/feedback.machine';

/** Screen capture needs getDisplayMedia, which phones and insecure pages do not offer. */
export function canCaptureScreen(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    typeof navigator.mediaDevices?.getDisplayMedia === 'function' &&
    window.isSecureContext
  );
}

/**
 * What `<html data-capturing>` says while the screen is captured: every revealed secret is hidden
 * (`[data-private]`: a datastore's temporary password, the IBAN; decision 031), and every personal
 * field too (`[data-pii]`: email, names, address, phone, customer number, what is typed into a
 * form) unless personal data may go to Sentry (VITE_SENTRY_SEND_PII; decision 044). src/styles.css
 * does the hiding.
 */
function capturingMode({ sendPii }: { sendPii: boolean }): string {
  return sendPii ? 'secrets' : 'personal';
}

/**
 * Takes one picture of the screen with secrets, and personal data unless `sendPii`, hidden.
 * The browser is asked to offer this tab and no whole screen: a screen or another window would
 * show what no mask of the portal's reaches (security review N6).
 */
export async function captureScreen({ sendPii }: { sendPii: boolean } = { sendPii: false }): Promise<Capture> {
  // preferCurrentTab, selfBrowserSurface and monitorTypeSurfaces (Chromium) are not all in the
  // DOM types yet; other browsers ignore them.
  const options: DisplayMediaStreamOptions & {
    preferCurrentTab: boolean;
    selfBrowserSurface: 'include';
    monitorTypeSurfaces: 'exclude';
  } = {
    video: { displaySurface: 'browser' },
    audio: false,
    preferCurrentTab: true,
    selfBrowserSurface: 'include',
    monitorTypeSurfaces: 'exclude',
  };
  const page = document.documentElement;
  page.setAttribute('data-capturing', capturingMode({ sendPii }));
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getDisplayMedia(options);
  } catch (error) {
    page.removeAttribute('data-capturing');
    throw error;
  }
  try {
    const video = document.createElement('video');
    video.muted = true;
    video.srcObject = stream;
    await video.play();
    const canvas = document.createElement('canvas');
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    const context = canvas.getContext('2d');
    if (!context || canvas.width === 0 || canvas.height === 0) throw new Error('The screen could not be captured');
    context.drawImage(video, 0, 0);
    return { url: canvas.toDataURL('image/png'), width: canvas.width, height: canvas.height };
  } finally {
    for (const track of stream.getTracks()) track.stop();
    page.removeAttribute('data-capturing');
  }
}

function loadImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The screenshot could not be read'));
    image.src = url;
  });
}

export async function cropScreenshot({ capture, crop }: { capture: Capture; crop: Crop }): Promise<Screenshot> {
  const image = await loadImage(capture.url);
  const sx = Math.round((crop.x / 100) * capture.width);
  const sy = Math.round((crop.y / 100) * capture.height);
  const width = Math.max(1, Math.round((crop.width / 100) * capture.width));
  const height = Math.max(1, Math.round((crop.height / 100) * capture.height));
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('The screenshot could not be cropped');
  context.drawImage(image, sx, sy, width, height, 0, 0, width, height);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('The screenshot could not be cropped');
  return { url: canvas.toDataURL('image/png'), data: new Uint8Array(await blob.arrayBuffer()) };
}
