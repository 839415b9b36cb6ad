/**
 * Moved to server/edge/errors.ts (the console's one edge client). Kept only so concerns written
 * against the old path still build while they move over; import from '../edge/errors.js'.
 */
export { browserStatusOf, EdgeError, parseEdgeAnswer } from '../edge/errors.js';
