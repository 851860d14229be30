import type { ReactNode } from 'react';

/** Marks a foundation datum that is not confirmed yet (null in shared/src/config/site.ts) instead of showing a made-up one. */
export function PendingMark({ children = 'Dato por confirmar' }: { children?: ReactNode }) {
  return <span className="badge badge--pending">{children}</span>;
}
