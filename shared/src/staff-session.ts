import { createContext, useContext } from 'react';
import type { StaffRole } from './staff-roles';

/** The member signed in to the panel, as the account remote's gate established it (the server checks every call). */
export interface StaffSession {
  email: string;
  name: string | null;
  /** What the member may do (staff-roles.ts); the panel shows only those sections, the API checks every call. */
  roles: StaffRole[];
  /** Holds the administration role. */
  admin: boolean;
  /** A current ID token for `/api/<domain>/staff/...` calls (refreshed when needed); null when the session ended. */
  getIdToken(): Promise<string | null>;
  /** Signs out on the identity provider and on this device, then shows the sign-in form again. */
  signOut(): Promise<void>;
}

/**
 * Provided by the account remote's `StaffGate` around the panel once a member is in; read by the shell's panel layout
 * and by every remote's staff screens. A Module Federation singleton module (like shared/navigation), so the context
 * object is the same in every bundle.
 */
export const StaffSessionContext = createContext<StaffSession | null>(null);

/**
 * Whether the member holds a role an operation declares: a screen offers only what the server would let them do (it
 * checks anyway). An operation that declares no roles is every member's.
 */
export function holdsRoleFor(session: Pick<StaffSession, 'roles'>, operation: { roles?: readonly StaffRole[] | undefined }): boolean {
  return !operation.roles || session.roles.some((role) => operation.roles?.includes(role));
}

/** The signed-in member; throws outside the panel (a staff screen is only ever rendered inside the gate). */
export function useStaffSession(): StaffSession {
  const session = useContext(StaffSessionContext);
  if (!session) throw new Error('useStaffSession() fuera del panel /equipo');
  return session;
}
