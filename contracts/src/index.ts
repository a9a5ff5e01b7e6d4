// The package's public entry: one import path for every shared shape.
export * from './errors';
export * from './health';
export * from './social';
export * from './botfolk';
export * from './generation';
export * from './content';
export * from './public-reads';
export * from './server-render';
export * from './site-settings';
export * from './messages';
export * from './demo';
