import { combineSlices, configureStore, type Slice, type SliceCaseReducers, type SliceSelectors, type WithSlice } from '@reduxjs/toolkit';
import { useDispatch, useSelector, useStore } from 'react-redux';
import { authSlice, writeStoredAuth } from './auth-slice';
import { PAYMENT_TYPE_STORAGE_KEY, paymentTypeSlice } from './payment-type-slice';

export * from './auth-slice';
export * from './payment-type-slice';

/**
 * Slices that remotes inject at run time. A remote declares its own slice here by module augmentation:
 *   declare module 'shared/store' { interface LazyLoadedSlices extends WithSlice<typeof mySlice> {} }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by module augmentation
export interface LazyLoadedSlices {}

/** The one root reducer of the site; `shared` is a Module Federation singleton, so every remote sees this object. */
export const rootReducer = combineSlices(authSlice, paymentTypeSlice).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;

/** Creates the store; the shell calls this once, tests call it freely. */
export function createAppStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({ reducer: rootReducer, preloadedState: preloadedState as RootState | undefined });
  let lastPaymentType = store.getState().paymentType.value;
  let lastAuth = store.getState().auth;
  store.subscribe(() => {
    const auth = store.getState().auth;
    if (auth.user !== lastAuth.user || auth.isAuthenticated !== lastAuth.isAuthenticated || auth.loginTime !== lastAuth.loginTime) {
      writeStoredAuth(auth);
    }
    lastAuth = auth;
    const next = store.getState().paymentType.value;
    if (next === lastPaymentType) return;
    lastPaymentType = next;
    try {
      globalThis.localStorage?.setItem(PAYMENT_TYPE_STORAGE_KEY, next);
    } catch {
      // Storage can be full or blocked (private mode); the in-memory value still works.
    }
  });
  return store;
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
export const useAppStore = useStore.withTypes<AppStore>();

/** Injects a remote's slice into the root reducer (idempotent) and returns it bound to the root state. */
export function injectSlice<
  State,
  CaseReducers extends SliceCaseReducers<State>,
  Name extends string,
  ReducerPath extends string,
  Selectors extends SliceSelectors<State>,
>(slice: Slice<State, CaseReducers, Name, ReducerPath, Selectors>) {
  return slice.injectInto(rootReducer);
}

export type { WithSlice };
