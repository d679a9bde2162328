/**
 * Whether a change waits for the customer's fresh sign-in (issue 44, decision 058, point 4; the
 * calls' side is src/api/fresh-sign-in.ts): the logged-in layout shows the dialog while it does.
 */
import { useSyncExternalStore } from 'react';
import { freshSignInAsked, subscribeFreshSignIn } from '../api/fresh-sign-in';

export function useFreshSignInAsked(): boolean {
  return useSyncExternalStore(subscribeFreshSignIn, freshSignInAsked, () => false);
}
