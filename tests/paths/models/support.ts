/**
 * Path models of the support screens and reporting (SPEC §2, §9; decisions 011 and 012): the contact form, the tutorial's
 * connection data and the feedback widget. tests/machines/ drives the same machines through
 * their real outcomes.
 */
import type { AnyStateMachine } from 'xstate';
import type { Datastore } from '../../../src/domain/entities';
import { contactMachine, type ContactValues } from '../../../src/machines/contact.machine';
import { feedbackMachine, type Capture, type Screenshot } from '../../../src/machines/feedback.machine';
import { tutorialMachine } from '../../../src/machines/tutorial.machine';
import type { PathModel } from '../coverage';
import { aborted, formModels, pending, serverError, tooManyRequests, unauthorized } from '../fixtures';

const datastore = (name: string): Datastore => ({
  datastore: name,
  custom_name: null,
  hostname: 'pbs1.backup.example.com',
  port: 8007,
  username: name,
  password: null,
  repository: `${name}@pbs@pbs1.backup.example.com:8007:${name}`,
  unencrypted_files: false,
  contract_end_date: null,
  volume: 0,
  space_used_text: '1 GB',
  space_total_text: 'unlimited',
});

const capture: Capture = { url: 'data:image/png;base64,AAAA', width: 100, height: 50 };
const screenshot: Screenshot = { url: 'data:image/png;base64,BBBB', data: new Uint8Array([1]) };

const tutorial = tutorialMachine.provide({
  actors: { load: pending },
  actions: { sessionExpired: () => {} },
}) as AnyStateMachine;
const feedback = feedbackMachine.provide({
  actors: { captureScreenshot: pending, cropScreenshot: pending, sendReport: pending },
}) as AnyStateMachine;

export const models: PathModel[] = [
  ...formModels<ContactValues>(contactMachine, {
    valid: { name: 'Erika', email: 'erika@example.com', message: 'Hello', website: '' },
    invalid: { message: '' },
    field: 'message',
    validValue: 'Hello',
    invalidValue: '',
  }),
  {
    // The session's user fills the fields still empty (SPEC §2 prefill).
    machine: contactMachine.provide({ actors: { submit: pending } }) as AnyStateMachine,
    session: { loggedIn: false },
    input: { values: {} },
    events: [{ type: 'user.known', user: { email: 'demo@example.com', firstname: 'Erika', lastname: 'Muster' } }],
  },
  {
    // The session's user is told while the form waits after too many attempts (decision 044).
    machine: contactMachine.provide({ actors: { submit: pending } }) as AnyStateMachine,
    session: { loggedIn: false },
    input: { values: { message: 'Hello' } },
    events: [
      { type: 'user.known', user: { email: 'demo@example.com', firstname: 'Erika', lastname: 'Muster' } },
      { type: 'form.submit' },
    ],
    errors: { submit: [tooManyRequests] },
  },
  {
    machine: tutorial,
    session: {},
    events: [{ type: 'load.retry' }],
    outputs: { load: [[datastore('k10001_backup'), datastore('k10001_archive')], []] },
    errors: { load: [unauthorized, serverError, aborted] },
  },
  {
    machine: feedback,
    events: [
      { type: 'feedback.open' },
      { type: 'feedback.cancel' },
      { type: 'description.change', value: '' },
      { type: 'description.change', value: 'Broken' },
      { type: 'screenshot.add' },
      { type: 'crop.change', crop: { x: 10, width: 50 } },
      { type: 'crop.confirm' },
      { type: 'screenshot.remove' },
      { type: 'feedback.submit' },
      { type: 'thanks.dismiss' },
    ],
    outputs: { captureScreenshot: [capture], cropScreenshot: [screenshot], sendReport: [undefined] },
    serializeContext: (context) => {
      const {
        description,
        problem,
        capture: captured,
        screenshot: shot,
        crop,
      } = context as {
        description: string;
        problem: string | null;
        capture: unknown;
        screenshot: unknown;
        crop: unknown;
      };
      return { description, problem, captured: captured !== null, shot: shot !== null, crop };
    },
  },
];
