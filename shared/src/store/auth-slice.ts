import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** The signed-in user as the identity provider describes them (spec §3 Authenticated user). */
export interface AuthUser {
  email: string;
  name: string;
  phone_number: string;
  sub: string;
  email_verified: boolean;
}

export interface AuthState {
  user: AuthUser | null;
  isAuthenticated: boolean;
  /** Epoch milliseconds of the sign-in, or null when anonymous. */
  loginTime: number | null;
}

export const initialAuthState: AuthState = { user: null, isAuthenticated: false, loginTime: null };

/** Auth state of the contract: written through account actions, read by everyone through selectors. */
export const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    signedIn(state, action: PayloadAction<{ user: AuthUser; loginTime: number }>) {
      state.user = action.payload.user;
      state.isAuthenticated = true;
      state.loginTime = action.payload.loginTime;
    },
    userUpdated(state, action: PayloadAction<Partial<AuthUser>>) {
      if (state.user) Object.assign(state.user, action.payload);
    },
    signedOut() {
      return initialAuthState;
    },
  },
  selectors: {
    selectUser: (s) => s.user,
    selectIsAuthenticated: (s) => s.isAuthenticated,
    selectLoginTime: (s) => s.loginTime,
    /** First word of the user's name, for the header greeting. */
    selectFirstName: (s) => (s.user?.name ?? '').trim().split(/\s+/)[0] ?? '',
  },
});

export const { signedIn, userUpdated, signedOut } = authSlice.actions;
export const { selectUser, selectIsAuthenticated, selectLoginTime, selectFirstName } = authSlice.selectors;
