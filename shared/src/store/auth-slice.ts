import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** The signed-in user as the identity provider describes them (spec §3 Authenticated user). */
export interface AuthUser {
  email: string;
  name: string;
  phone_number: string;
  sub: string;
  email_verified: boolean;
  /** Identity document type and number the account was registered with (prefill of the enrolment form). */
  identity_type?: string;
  identity_number?: string;
}

export interface AuthState {
  user: AuthUser | null;
  isAuthenticated: boolean;
  /** Epoch milliseconds of the sign-in, or null when anonymous. */
  loginTime: number | null;
  /** Why the last session ended when the visitor did not ask for it ('Sesión expirada'); never stored. */
  notice: string | null;
}

export const initialAuthState: AuthState = { user: null, isAuthenticated: false, loginTime: null, notice: null };

/** localStorage key of the signed-in user record (spec §3 Browser-stored values); the tokens live under the identity library's keys. */
export const AUTH_STORAGE_KEY = 'auth_user';

type StoredAuth = Pick<AuthState, 'user' | 'isAuthenticated' | 'loginTime'>;

function isStoredAuth(value: unknown): value is StoredAuth & { user: AuthUser } {
  const v = value as Partial<StoredAuth> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    v.isAuthenticated === true &&
    typeof v.loginTime === 'number' &&
    typeof v.user?.email === 'string' &&
    typeof v.user.name === 'string' &&
    typeof v.user.sub === 'string'
  );
}

/** The remembered signed-in user, so the header greets at once after a reload; missing, blocked or corrupt storage is anonymous. */
export function readStoredAuth(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): AuthState {
  try {
    const raw = storage?.getItem(AUTH_STORAGE_KEY);
    const value: unknown = raw ? JSON.parse(raw) : null;
    if (!isStoredAuth(value)) return initialAuthState;
    return { user: value.user, isAuthenticated: true, loginTime: value.loginTime, notice: null };
  } catch {
    return initialAuthState;
  }
}

/** Writes (or, when anonymous, removes) the remembered user record. */
export function writeStoredAuth(state: AuthState, storage: Pick<Storage, 'setItem' | 'removeItem'> | undefined = globalThis.localStorage) {
  try {
    if (state.isAuthenticated && state.user) {
      const stored: StoredAuth = { user: state.user, isAuthenticated: true, loginTime: state.loginTime };
      storage?.setItem(AUTH_STORAGE_KEY, JSON.stringify(stored));
    } else {
      storage?.removeItem(AUTH_STORAGE_KEY);
    }
  } catch {
    // Full or blocked storage: the session still works for this page.
  }
}

/** Auth state of the contract: written through account actions, read by everyone through selectors. */
export const authSlice = createSlice({
  name: 'auth',
  initialState: () => readStoredAuth(),
  reducers: {
    signedIn(state, action: PayloadAction<{ user: AuthUser; loginTime: number }>) {
      state.user = action.payload.user;
      state.isAuthenticated = true;
      state.loginTime = action.payload.loginTime;
      state.notice = null;
    },
    userUpdated(state, action: PayloadAction<Partial<AuthUser>>) {
      if (state.user) Object.assign(state.user, action.payload);
    },
    /** Anonymous again; `notice` says why when the visitor did not ask for it (e.g. 'Sesión expirada'). */
    signedOut: {
      reducer(_state, action: PayloadAction<{ notice: string | null }>) {
        return { ...initialAuthState, notice: action.payload.notice };
      },
      prepare(notice?: string) {
        return { payload: { notice: notice ?? null } };
      },
    },
    noticeDismissed(state) {
      state.notice = null;
    },
  },
  selectors: {
    selectUser: (s) => s.user,
    selectIsAuthenticated: (s) => s.isAuthenticated,
    selectLoginTime: (s) => s.loginTime,
    selectAuthNotice: (s) => s.notice,
    /** First word of the user's name, for the header greeting. */
    selectFirstName: (s) => (s.user?.name ?? '').trim().split(/\s+/)[0] ?? '',
  },
});

export const { signedIn, userUpdated, signedOut, noticeDismissed } = authSlice.actions;
export const { selectUser, selectIsAuthenticated, selectLoginTime, selectAuthNotice, selectFirstName } = authSlice.selectors;
