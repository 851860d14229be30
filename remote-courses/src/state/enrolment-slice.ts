import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { injectSlice, type WithSlice } from 'shared/store';

export interface EnrolmentState {
  /** Module chosen per course slug, so the summary card follows the visitor's choice across course pages. */
  selectedModule: Record<string, string>;
}

export const enrolmentSlice = createSlice({
  name: 'enrolment',
  initialState: { selectedModule: {} } as EnrolmentState,
  reducers: {
    moduleSelected(state, action: PayloadAction<{ course: string; module: string }>) {
      state.selectedModule[action.payload.course] = action.payload.module;
    },
  },
  selectors: {
    selectSelectedModule: (s, course: string) => s.selectedModule[course] ?? '',
  },
});

declare module 'shared/store' {
  interface LazyLoadedSlices extends WithSlice<typeof enrolmentSlice> {}
}

export const injectedEnrolment = injectSlice(enrolmentSlice);
export const { moduleSelected } = enrolmentSlice.actions;
export const { selectSelectedModule } = injectedEnrolment.selectors;
