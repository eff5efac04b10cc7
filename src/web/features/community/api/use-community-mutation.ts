import { useMutation, useQueryClient, type MutationFunction } from '@tanstack/react-query';
import { communityKeys } from './query-keys';

/**
 * A forum change: once it succeeds, every forum query on screen (the list, the open post, its
 * replies, the activity feed) is fetched again, so counts and order are the server's.
 */
export function useCommunityMutation<TData, TVariables>(mutationFn: MutationFunction<TData, TVariables>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: communityKeys.all }),
  });
}
