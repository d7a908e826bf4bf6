import { useDispatch, useSelector } from 'react-redux';

/**
 * The store is assembled in `app/` from every feature's reducer, and shared code must not
 * depend on `app/` (app → features → lib). So `app/store.ts` registers the store's types here
 * by augmenting this interface, the way react-redux's `DefaultRootState` once did.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by app/store.ts
export interface StoreTypes {}

export type RootState = StoreTypes['state'];
export type AppDispatch = StoreTypes['dispatch'];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
