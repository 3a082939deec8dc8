import { useEffect, useRef } from 'react';

/** A field in error: an input marked invalid, or a group of choices marked with `data-invalid`. */
const IN_ERROR = '[aria-invalid="true"], [data-invalid="true"]';

/** The element to focus for a field in error: the field itself, or a group's chosen (else first) choice. */
function focusTarget(field: HTMLElement): HTMLElement | null {
  if (field.matches('[aria-invalid="true"]')) return field;
  return field.querySelector<HTMLElement>('[role="radio"][aria-checked="true"], [role="radio"], input, button');
}

/**
 * Focuses the first field in error inside `form`, in the order the form shows them, and brings
 * the form's own alert (the server's refusal, shown above the fields) into view with it: focusing
 * alone scrolled the field to the top, under the sticky header, and the alert out of sight.
 */
export function focusFirstError(form: HTMLElement | null) {
  for (const field of form?.querySelectorAll<HTMLElement>(IN_ERROR) ?? []) {
    const target = focusTarget(field);
    if (target && !target.matches(':disabled')) {
      target.focus({ preventScroll: true });
      const alert = form!.querySelector<HTMLElement>('[role="alert"]');
      // The whole field comes into view, its label and message (above the box) too; html's
      // scroll-padding-top keeps it clear of the header (global.css).
      const whole = target.closest<HTMLElement>('.mantine-InputWrapper-root') ?? field;
      (alert ?? whole).scrollIntoView?.({ block: 'nearest' });
      return;
    }
  }
}

/**
 * After a submit refused with no field to blame (a team's budget, a rate limit, a network
 * failure), the form's alert is all there is to read: the focus goes to it and it comes into view,
 * instead of staying on a submit button that may be a screen below it on a phone.
 */
export function revealFormAlert(form: HTMLElement | null) {
  const alert = form?.querySelector<HTMLElement>('[data-form-alert]');
  if (!alert) return;
  // A message box about the same refusal has the focus: it gives it back when closed.
  const dialog = document.activeElement?.closest('[role="dialog"]');
  if (dialog && !dialog.contains(alert)) return;
  alert.focus({ preventScroll: true });
  alert.scrollIntoView?.({ block: 'nearest' });
}

/**
 * After a submit that ends with field errors, moves the keyboard to the first field in error as
 * the form shows them. React Hook Form's own focusing goes by the order fields registered: a field
 * registered inline (`register('message')`) registers before the Controllers above it render, so
 * it sent the keyboard to the message, past an empty colleague picker; and a picker of cards gave
 * it nothing to focus. Use with `shouldFocusError: false`; put the returned ref on the <form>.
 * Errors that come and go while the member types, between submits, move nothing. A submit that
 * ends with only the form's alert (FormAlert) moves the keyboard to that alert.
 */
export function useFocusFirstError(form: { formState: { submitCount: number; errors: object } }) {
  const ref = useRef<HTMLFormElement>(null);
  const handled = useRef(0);
  const { submitCount, errors } = form.formState;
  const hasErrors = Object.keys(errors).length > 0;
  useEffect(() => {
    if (submitCount === handled.current) return;
    handled.current = submitCount;
    if (hasErrors) focusFirstError(ref.current);
    else revealFormAlert(ref.current);
  }, [submitCount, hasErrors]);
  return ref;
}
