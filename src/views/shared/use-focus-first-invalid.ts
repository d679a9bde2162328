import { useEffect, useRef, useState } from 'react';

/**
 * After a refused submit the first invalid field takes focus (WCAG 3.3.1), as `useForm` does for
 * the forms built on `createFormMachine`; for views that run their own form-like machine.
 */
export function useFocusFirstInvalid() {
  const formRef = useRef<HTMLFormElement>(null);
  const [attempts, setAttempts] = useState(0);
  useEffect(() => {
    if (attempts === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempts]);
  return { formRef, attempted: () => setAttempts((count) => count + 1) };
}
