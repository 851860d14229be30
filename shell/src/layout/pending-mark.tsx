import type { ReactNode } from 'react';

/** Marks a foundation datum that is not confirmed yet (null: not yet published by the staff on /equipo/fundacion) instead of showing a made-up one. */
export function PendingMark({ children = 'Dato por confirmar' }: { children?: ReactNode }) {
  return <span className="badge badge--pending">{children}</span>;
}
