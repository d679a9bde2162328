/**
 * A page's machine takes every key typed as soon as its page is on screen. A page loaded on demand
 * is committed outside any event, and React runs its passive effects in a later task; a key handled
 * before that task (a test's key inside act(), a key the browser handles in between) met a machine
 * that had not started and a field no render followed, so React set the field back to the
 * machine's value and only the last key remained (the flaky first test of the form view tests).
 */
import { act } from '@testing-library/react';
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { usePortalActor } from '../../src/lib/use-portal-actor';
import { createFormMachine } from '../../src/machines/form.machine';

interface Values extends Record<string, unknown> {
  email: string;
}

const formMachine = createFormMachine<Values>({
  id: 'typing',
  description: 'a one-field form',
  initialValues: { email: '' },
  validate: () => ({}),
  submit: async () => undefined,
});

const seen = { email: '', effectsRan: false };
const showing = (email: string) => {
  seen.email = email;
};
const effectsRun = () => {
  seen.effectsRan = true;
};

function Form() {
  const actor = usePortalActor(formMachine);
  const email = useSelector(actor, (snapshot) => snapshot.context.values.email);
  showing(email);
  useEffect(effectsRun, []);
  return (
    <input
      aria-label="Email"
      value={email}
      onChange={(event) => actor.send({ type: 'field.change', name: 'email', value: event.target.value })}
    />
  );
}

const environment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
const actEnvironment = environment.IS_REACT_ACT_ENVIRONMENT;
afterEach(() => {
  environment.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
});

/** Resolves in the microtask after the field appears: before any task React scheduled. */
function fieldAppears(container: HTMLElement): Promise<HTMLInputElement> {
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      const field = container.querySelector('input');
      if (!field) return;
      observer.disconnect();
      resolve(field);
    });
    observer.observe(container, { childList: true, subtree: true });
  });
}

describe('a machine run by usePortalActor', () => {
  it("takes every key typed after its page's commit and before React's passive effects", async () => {
    seen.email = '';
    seen.effectsRan = false;
    const container = document.createElement('div');
    document.body.append(container);
    // The browser's way: no act(), so React commits the page when its code has come, in a task of
    // its own, and runs passive effects in a later one.
    environment.IS_REACT_ACT_ENVIRONMENT = false;
    const root = createRoot(container);
    const Page = lazy(async () => ({ default: Form }));
    root.render(
      <Suspense fallback={<p>Loading</p>}>
        <Page />
      </Suspense>,
    );
    const field = await fieldAppears(container);
    const typedBeforeEffects = !seen.effectsRan;
    // Keys as Testing Library sends them: each event inside act().
    environment.IS_REACT_ACT_ENVIRONMENT = true;
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    // An address typed into the login form; no account needs to have it.
    const typed = 'visitor@example.org';
    for (const key of typed) {
      act(() => {
        setValue?.call(field, `${field.value}${key}`);
        field.dispatchEvent(new Event('input', { bubbles: true }));
      });
    }
    expect(typedBeforeEffects).toBe(true);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(seen.email).toBe(typed);
    expect(field).toHaveValue(typed);
    act(() => root.unmount());
    container.remove();
  });
});
