// What the store and its slices take from Redux Toolkit, as a module main.tsx can load (and evaluate)
// before the store: import('@reduxjs/toolkit') itself would keep every export of the package, used or not.
export { combineReducers, configureStore, createSelector, createSlice } from '@reduxjs/toolkit';
