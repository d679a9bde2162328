/**
 * The inside of a state that waits for a call that changes something (docs/decisions/026):
 * after `stillWorking` (6 s) it moves on to `slow`, tagged `slow`, and the view says in place
 * that the call is still working, with the busy control still busy. The call itself is the
 * parent state's; these states only tell the customer time passes.
 *
 * A machine that uses them declares the delay `stillWorking` in its `setup`.
 */
export function stillWorkingStates() {
  return {
    initial: 'waiting' as const,
    states: {
      waiting: {
        description: 'The call was sent; nothing to say yet.',
        after: { stillWorking: { target: 'slow' as const } },
      },
      slow: {
        description: 'Still no answer after some seconds: the page says it is still working.',
        tags: ['slow'],
      },
    },
  };
}
