/**
 * The second step asked again: a request the API refuses with `secondStepRequired` (a change that
 * wants a fresh one: a role, a webhook endpoint, the payment or tax settings, a refund, turning
 * two-step off; or anything read with a session that has not passed it, as a password reset opens
 * one, which the reset page asks for at once) waits while the app asks for a code
 * (app/providers.tsx mounts the dialog, loaded only then), and is sent again once when it was given.
 */
import { create } from "zustand";

interface SecondStepState {
  /** Set while the dialog is up: settles the waiting requests, true once a code was accepted. */
  settle: ((passed: boolean) => void) | null;
}

export const useSecondStep = create<SecondStepState>(() => ({ settle: null }));

let waiting: Promise<boolean> | null = null;

/** Asks for a code; resolves true once the server accepted one, false when the dialog was closed. */
export function askForSecondStep(): Promise<boolean> {
  // Two changes refused together wait for the same dialog.
  waiting ??= new Promise<boolean>((resolve) => {
    useSecondStep.setState({
      settle: (passed) => {
        waiting = null;
        useSecondStep.setState({ settle: null });
        resolve(passed);
      },
    });
  });
  return waiting;
}
