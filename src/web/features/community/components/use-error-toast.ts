import { useEffect } from 'react';
import { toast } from '../../../components/ui/use-toast';

/** The product's toast for a list that failed to load ('Failed to fetch posts'), once per failure. */
export function useErrorToast(isError: boolean, title: string): void {
  useEffect(() => {
    if (isError) toast({ title, variant: 'destructive' });
  }, [isError, title]);
}
