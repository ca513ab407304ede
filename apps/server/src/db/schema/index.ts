export * from './app-secrets';
export * from './audit-events';
export * from './licenses';
export * from './one-time-codes';
export * from './reference';
export * from './sessions';
export * from './users';
