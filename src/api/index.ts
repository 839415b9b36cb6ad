// The client, the edge's schemas and query keys, and what the shell itself reads. The areas only
// some pages read (insights, priority, procedures, handover, walls, accounts) are imported from
// their own module: re-exported here, each came into the first paint with the shell.
export { ApiError, formatPath, type ApiErrorKind, type FieldError } from './api-error';
export { accessToken } from './access-token';
export { edgeConnection, type EdgeConnection, type EdgeStatus } from './connection';
export { toQueryString } from './client';
export * from './endpoints';
export * from './queries';
export * from './schemas';
export * from './audit';
export * from './review';
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
export * from './live';
