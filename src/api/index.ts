export { ApiError, formatPath, type ApiErrorKind, type FieldError } from './api-error';
export { accessToken } from './access-token';
export { edgeConnection, type EdgeConnection, type EdgeStatus } from './connection';
export { toQueryString } from './client';
export * from './endpoints';
export * from './queries';
export * from './schemas';
export * from './live';
