import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { clipboardMachine, type ClipboardActor } from '../../machines/clipboard.machine';
import { writeToClipboard } from './clipboard';
import { portalActorOptions } from '../../lib/use-portal-actor';

const copyMachine = clipboardMachine.provide({
  actors: { writeText: fromPromise<void, { text: string }>(({ input }) => writeToClipboard(input.text)) },
});

type CopyState = 'idle' | 'busy' | 'copied' | 'failed';

function copyStateOf(snapshot: SnapshotFrom<typeof copyMachine>): CopyState {
  if (snapshot.hasTag('busy')) return 'busy';
  if (snapshot.hasTag('copied')) return 'copied';
  if (snapshot.hasTag('failed')) return 'failed';
  return 'idle';
}

/**
 * Copies a value with a confirmation ("Copied") announced politely; when the browser refuses,
 * the value is shown selected with a hint to copy it by keyboard (SPEC §2 "where available").
 */
export function CopyButton({ text, label }: { text: string; label: MessageDescriptor }) {
  const intl = useIntl();
  // The actor starts with the first click: a dashboard with many datastores has many copy
  // buttons, and most are never pressed (scripts/bench-dashboard.mjs measures the difference).
  const actor = useRef<ClipboardActor | null>(null);
  const [state, setState] = useState<CopyState>('idle');
  const copied = state === 'copied';
  const failed = state === 'failed';
  const busy = state === 'busy';
  const fallback = useRef<HTMLInputElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  const send = (event: Parameters<ClipboardActor['send']>[0]) => {
    if (!actor.current) {
      actor.current = createActor(copyMachine, portalActorOptions()).start();
      actor.current.subscribe((snapshot) => setState(copyStateOf(snapshot)));
    }
    actor.current.send(event);
  };

  // The fallback field exists to be copied from: it takes focus with its text selected.
  // The clipboard actor, started by the first click, stops with the button.
  useEffect(() => {
    if (failed) {
      fallback.current?.focus();
      fallback.current?.select();
    }
  }, [failed]);
  useEffect(
    () => () => {
      actor.current?.stop();
      actor.current = null;
    },
    [],
  );

  return (
    <span className="copy">
      <button
        ref={button}
        type="button"
        className="copy-button copy-icon"
        onClick={() => send({ type: 'clipboard.copy', text })}
        aria-busy={busy || undefined}
      >
        {intl.formatMessage(label)}
      </button>
      <span className="copy-status" role="status">
        {copied && (
          <span className="copy-done">
            <span aria-hidden="true">✓ </span>
            <FormattedMessage id="dashboard.copy.done" defaultMessage="Copied" />
          </span>
        )}
      </span>
      {failed && (
        <span className="copy-fallback">
          <FormattedMessage
            id="dashboard.copy.failed"
            defaultMessage="Copying is not possible in this browser. The text is selected: press Ctrl+C (⌘+C on a Mac)."
          />
          <input
            readOnly
            value={text}
            ref={fallback}
            aria-label={intl.formatMessage(label)}
            onFocus={(event) => event.currentTarget.select()}
            onKeyDown={(event) => {
              if (event.key !== 'Escape') return;
              // Escape leaves the fallback only, not a dialog around it.
              event.stopPropagation();
              send({ type: 'clipboard.dismiss' });
              button.current?.focus();
            }}
          />
        </span>
      )}
    </span>
  );
}
