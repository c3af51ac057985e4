/** The web read layer: shared query keys, reads many screens share, and the mutation helper. */
export { queryKeys } from './keys';
export * from './read';
export { useCallMutation, type CacheWrite, type CallMutationOptions } from './mutation';
