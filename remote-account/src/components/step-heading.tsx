import { useEffect, useRef, type ReactNode } from 'react';

/**
 * The heading of a step that replaces another on the same page (code entry, new password…): it takes focus when it
 * appears, so keyboard and screen-reader users land on the new step instead of on a removed button.
 */
export function StepHeading({ id, children, autoFocus = true }: { id: string; children: ReactNode; autoFocus?: boolean }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (autoFocus) ref.current?.focus();
  }, [autoFocus]);
  return (
    <h2 id={id} ref={ref} tabIndex={-1}>
      {children}
    </h2>
  );
}
