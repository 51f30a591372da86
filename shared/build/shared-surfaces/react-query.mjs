// What Kalike's apps use of TanStack Query, shared as the '@tanstack/react-query'
// singleton with query-core inside it (see ../shared-surfaces.cjs). Importing anything
// else fails the build; add it here if needed.
export {
  MutationCache,
  QueryCache,
  QueryClient,
  QueryClientProvider,
  QueryErrorResetBoundary,
  dehydrate,
  hydrate,
  hashKey,
  infiniteQueryOptions,
  isCancelledError,
  keepPreviousData,
  onlineManager,
  queryOptions,
  skipToken,
  useInfiniteQuery,
  useIsFetching,
  useIsMutating,
  useMutation,
  useQuery,
  useQueryClient,
  useQueryErrorResetBoundary,
  useSuspenseInfiniteQuery,
  useSuspenseQuery,
} from '@kalike-surface-source/@tanstack/react-query';
