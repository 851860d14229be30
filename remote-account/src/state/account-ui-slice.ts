import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { injectSlice, type WithSlice } from 'shared/store';

export interface AccountUiState {
  /** Where to go after signing in (the page that asked for it), cleared once used. */
  postLoginRedirect: string | null;
}

export const accountUiSlice = createSlice({
  name: 'accountUi',
  initialState: { postLoginRedirect: null } as AccountUiState,
  reducers: {
    postLoginRedirectSaved(state, action: PayloadAction<string>) {
      state.postLoginRedirect = action.payload;
    },
    postLoginRedirectCleared(state) {
      state.postLoginRedirect = null;
    },
  },
  selectors: {
    selectPostLoginRedirect: (s) => s.postLoginRedirect,
  },
});

declare module 'shared/store' {
  interface LazyLoadedSlices extends WithSlice<typeof accountUiSlice> {}
}

export const injectedAccountUi = injectSlice(accountUiSlice);
export const { postLoginRedirectSaved, postLoginRedirectCleared } = accountUiSlice.actions;
export const { selectPostLoginRedirect } = injectedAccountUi.selectors;
