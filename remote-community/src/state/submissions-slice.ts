import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { injectSlice, type WithSlice } from 'shared/store';

export interface SubmissionsState {
  /** Id the server gave to the last stored submission of each form (volunteer id, radicado, …). */
  lastStored: Record<string, string>;
}

export const submissionsSlice = createSlice({
  name: 'communitySubmissions',
  initialState: { lastStored: {} } as SubmissionsState,
  reducers: {
    submissionStored(state, action: PayloadAction<{ form: string; id: string }>) {
      state.lastStored[action.payload.form] = action.payload.id;
    },
  },
  selectors: {
    selectLastStored: (s, form: string) => s.lastStored[form] ?? null,
  },
});

declare module 'shared/store' {
  interface LazyLoadedSlices extends WithSlice<typeof submissionsSlice> {}
}

export const injectedSubmissions = injectSlice(submissionsSlice);
export const { submissionStored } = submissionsSlice.actions;
export const { selectLastStored } = injectedSubmissions.selectors;
