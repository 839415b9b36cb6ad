export { ApiError, formatPath, type ApiErrorKind, type FieldError } from './api-error';
export { accessToken } from './access-token';
export { edgeConnection, type EdgeConnection, type EdgeStatus } from './connection';
export { toQueryString } from './client';
export * from './endpoints';
export * from './queries';
export * from './schemas';
export * from './audit';
export * from './walls';
export * from './insights';
export * from './review';
export * from './priority';
export * from './procedures';
export {
  continueAsDemo,
  completeSetup,
  fetchMe,
  hasRole,
  ROLES,
  sessionEnd,
  sessionQueries,
  signIn,
  SignInError,
  signOut,
  startSessionCheck,
  useCan,
  useSession,
  useSessionEnded,
  type Action,
  type Me,
  type Role,
} from './session';
export {
  accountQueries,
  changeOwnPassword,
  createAccount,
  resetAccountPassword,
  updateAccount,
  type Account,
} from './accounts';
export * from './handover';
export * from './live';
