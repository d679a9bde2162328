/**
 * The operator panel of the browser mock: what the provider's staff and a developer do by
 * hand. A floating "Mock API" toggle at the bottom left opens a region with the pending
 * accounts, the outbox, faults, latency, a datastore's backups and a data reset. English only; it is a dev tool.
 */
import { useId, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import { mockApiVersions } from './api-version';
import { mockCalls, mockCallsV11, type MockCall } from './calls';

/** Every call a fault can hit: v1's, then v1.1's (which answer only while the mock speaks v1.1). */
const faultCalls: readonly MockCall[] = [...mockCalls, ...mockCallsV11];
import { mockVersion } from './changes';
import type { MockControls } from './controls';
import { faultKinds, type FaultKind, type Latency } from './faults';
import { MAX_SEEDED_DATASTORES } from './reseller';
import { isOneOf } from '../domain/one-of';
import './operator-panel.css';

function latencyText(latency: Latency): string {
  return typeof latency === 'number' ? `${latency} ms` : `${latency.min}–${latency.max} ms (random)`;
}

/** A labelled choice among fixed options; only one of them is ever set. */
function ChoiceField<T extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly T[];
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <label className="pm-field">
      {label}
      <select
        value={value}
        onChange={(event) => {
          if (isOneOf(options, event.target.value)) onChange(event.target.value);
        }}
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </label>
  );
}

export function OperatorPanel({ controls }: { controls: MockControls }) {
  useSyncExternalStore(controls.subscribe, mockVersion);
  const [open, setOpen] = useState(false);
  const [call, setCall] = useState<MockCall>('GET /status');
  const [kind, setKind] = useState<FaultKind>('http500');
  const [times, setTimes] = useState('');
  const [latency, setLatencyInput] = useState('0');
  const [datastoreCount, setDatastoreCount] = useState('1000');
  const [status, setStatus] = useState('');
  const [datastoreChoice, setDatastore] = useState('');
  const toggle = useRef<HTMLButtonElement>(null);
  const pendingHeading = useRef<HTMLHeadingElement>(null);
  const id = useId();

  const pending = controls.pendingAccounts();
  const mails = controls.outbox().slice(-20).reverse();
  const faults = controls.faults();
  const datastoreNames = controls.datastores().map((datastore) => datastore.name);
  const datastore = datastoreNames.includes(datastoreChoice) ? datastoreChoice : (datastoreNames[0] ?? '');

  /** A change to the chosen datastore's schedule, with what it did or why it was refused. */
  function changeSchedule(act: () => void, done: string) {
    try {
      act();
      setStatus(done);
    } catch (error) {
      setStatus(error instanceof Error ? error.message : String(error));
    }
  }

  function close() {
    setOpen(false);
    toggle.current?.focus();
  }

  function addFault(event: FormEvent) {
    event.preventDefault();
    const count = times.trim() === '' ? undefined : Number(times);
    if (count !== undefined && !(Number.isInteger(count) && count >= 1)) {
      setStatus('Times must be a whole number of at least 1, or empty.');
      return;
    }
    controls.fault(call, kind, count === undefined ? {} : { times: count });
    setStatus(`Fault added: ${call} → ${kind}.`);
  }

  function giveDatastores(event: FormEvent) {
    event.preventDefault();
    const count = Number(datastoreCount);
    if (datastoreCount.trim() === '' || !Number.isInteger(count) || count < 0 || count > MAX_SEEDED_DATASTORES) {
      setStatus(`Datastores must be a whole number from 0 to ${MAX_SEEDED_DATASTORES}.`);
      return;
    }
    const total = controls.seedDatastores(count);
    setStatus(`The demo account has ${total} datastores now. Reload the dashboard to see them.`);
  }

  function applyLatency(event: FormEvent) {
    event.preventDefault();
    const ms = Number(latency);
    if (!Number.isFinite(ms) || ms < 0) {
      setStatus('Latency must be zero or more milliseconds.');
      return;
    }
    controls.setLatency(ms);
    setStatus(`Latency set to ${ms} ms.`);
  }

  return (
    // A landmark of its own, so that axe's region rule holds on every page of the app.
    <aside className="pm-root" aria-label="Mock API tools">
      {/* Always rendered, hidden when closed, so that aria-controls always finds it. */}
      <section
        id={`${id}-panel`}
        hidden={!open}
        className="pm-panel"
        aria-labelledby={`${id}-title`}
        onKeyDown={(event) => {
          if (event.key === 'Escape') close();
        }}
      >
        <h2 id={`${id}-title`}>Mock API operator</h2>

        {/* Takes the focus after an activation removed the button that had it. */}
        <h3 id={`${id}-pending`} ref={pendingHeading} tabIndex={-1}>
          Pending accounts
        </h3>
        {pending.length === 0 ? (
          <p className="pm-muted">No account awaits activation.</p>
        ) : (
          <ul aria-labelledby={`${id}-pending`}>
            {pending.map((account) => (
              <li key={account.email} className="pm-row">
                <span>
                  {account.email}
                  <br />
                  <span className="pm-muted">
                    {account.firstname} {account.lastname}
                    {account.companyName ? `, ${account.companyName}` : ''}
                  </span>
                </span>
                <button
                  type="button"
                  className="pm-button"
                  aria-label={`Activate ${account.email}`}
                  onClick={() => {
                    controls.activate(account.email);
                    setStatus(`${account.email} is active.`);
                    pendingHeading.current?.focus();
                  }}
                >
                  Activate
                </button>
              </li>
            ))}
          </ul>
        )}

        <h3 id={`${id}-outbox`}>Outbox (newest first)</h3>
        {mails.length === 0 ? (
          <p className="pm-muted">No mail sent yet.</p>
        ) : (
          <ol aria-labelledby={`${id}-outbox`}>
            {mails.map((mail, index) => (
              <li key={`${mails.length - index}`}>
                <strong>{mail.subject}</strong>
                <br />
                <span className="pm-muted">To {mail.to}</span>
                <p className="pm-mail-body">{mail.body}</p>
                {mail.link && <a href={mail.link}>{mail.link}</a>}
              </li>
            ))}
          </ol>
        )}

        <h3>Faults</h3>
        <form className="pm-row" onSubmit={addFault}>
          <ChoiceField label="Call" options={faultCalls} value={call} onChange={setCall} />
          <ChoiceField label="Kind" options={faultKinds} value={kind} onChange={setKind} />
          <label className="pm-field">
            Times (empty: until cleared)
            <input
              type="number"
              min={1}
              step={1}
              inputMode="numeric"
              value={times}
              onChange={(event) => setTimes(event.target.value)}
            />
          </label>
          <button type="submit" className="pm-button">
            Add fault
          </button>
        </form>
        {faults.length === 0 ? (
          <p className="pm-muted">No faults.</p>
        ) : (
          <>
            <ul aria-label="Active faults">
              {faults.map((fault, index) => (
                <li key={`${fault.call}-${fault.kind}-${index}`}>
                  {fault.call}: {fault.kind}
                  {fault.remaining === null ? ' (until cleared)' : ` (${fault.remaining} more)`}
                </li>
              ))}
            </ul>
            <button
              type="button"
              className="pm-button"
              onClick={() => {
                controls.clearFaults();
                setStatus('Faults cleared.');
              }}
            >
              Clear faults
            </button>
          </>
        )}

        <h3>Latency</h3>
        <p className="pm-muted">Now: {latencyText(controls.latency())}</p>
        <form className="pm-row" onSubmit={applyLatency}>
          <label className="pm-field">
            Latency in ms
            <input
              type="number"
              min={0}
              step={50}
              inputMode="numeric"
              value={latency}
              onChange={(event) => setLatencyInput(event.target.value)}
            />
          </label>
          <button type="submit" className="pm-button">
            Set latency
          </button>
          <button
            type="button"
            className="pm-button"
            onClick={() => {
              controls.setLatency({ min: 200, max: 600 });
              setStatus('Latency set to 200–600 ms.');
            }}
          >
            Realistic latency
          </button>
        </form>

        <h3>API</h3>
        <ChoiceField
          label="The mock speaks"
          options={mockApiVersions}
          value={controls.apiVersion()}
          onChange={(version) => {
            controls.setApiVersion(version);
            setStatus(
              version === 'v1'
                ? 'The mock speaks v1 only (every v1.1 path answers 404).'
                : 'The mock speaks v1 and v1.1.',
            );
          }}
        />

        <h3>Backups of a datastore</h3>
        {datastoreNames.length === 0 ? (
          <p className="pm-muted">The demo account has no datastore.</p>
        ) : (
          <div className="pm-row">
            <ChoiceField label="Datastore" options={datastoreNames} value={datastore} onChange={setDatastore} />
            <button
              type="button"
              className="pm-button"
              onClick={() => changeSchedule(() => controls.fillDatastore(datastore), `${datastore} is 85 % full now.`)}
            >
              Fill to 85 %
            </button>
            <button
              type="button"
              className="pm-button"
              onClick={() =>
                changeSchedule(() => controls.failVerification(datastore), `A verification of ${datastore} failed.`)
              }
            >
              Fail a verification
            </button>
            <button
              type="button"
              className="pm-button"
              onClick={() =>
                changeSchedule(
                  () => controls.skipBackups(datastore),
                  `${datastore} had no backup in the last two nights.`,
                )
              }
            >
              Skip two nights of backups
            </button>
          </div>
        )}
        <div className="pm-row">
          <button
            type="button"
            className="pm-button"
            onClick={() => {
              const dropped = controls.dropEventStreams();
              setStatus(`${dropped} event ${dropped === 1 ? 'stream' : 'streams'} dropped.`);
            }}
          >
            Drop the event streams
          </button>
        </div>

        <h3>Data</h3>
        <form className="pm-row" onSubmit={giveDatastores}>
          <label className="pm-field">
            Datastores of the demo account
            <input
              type="number"
              min={0}
              max={MAX_SEEDED_DATASTORES}
              step={1}
              inputMode="numeric"
              value={datastoreCount}
              onChange={(event) => setDatastoreCount(event.target.value)}
            />
          </label>
          <button type="submit" className="pm-button">
            Give datastores
          </button>
        </form>
        <button
          type="button"
          className="pm-button"
          onClick={() => {
            controls.reset();
            setStatus('Data reset to the seed scenario.');
          }}
        >
          Reset data
        </button>
        <p className="pm-status" role="status">
          {status}
        </p>
      </section>
      <button
        ref={toggle}
        type="button"
        className="pm-toggle"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => (open ? close() : setOpen(true))}
      >
        Mock API
      </button>
    </aside>
  );
}
