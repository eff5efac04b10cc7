import { toast } from '../../../components/ui/use-toast';
import { appLink } from '../../../lib/app-url';

/** Copies a link and says so ('Link copied'), or says why not (docs/product/screens.md#browse). */
export async function copyLink(url: string): Promise<void> {
  try {
    if (!navigator.clipboard) throw new Error('No clipboard');
    await navigator.clipboard.writeText(url);
    toast({ title: 'Link copied', description: url });
  } catch {
    toast({ title: 'Share failed', description: 'Could not copy link to clipboard', variant: 'destructive' });
  }
}

/** The share link of a listing: the club's address (APP_URL) plus /puzzle/{id}. */
export function listingShareUrl(id: number): string {
  return appLink(`/puzzle/${id}`);
}

/** The share link of the search on screen: this page and its filters on the club's address. */
export function currentPageShareUrl(): string {
  return appLink(`${window.location.pathname}${window.location.search}`);
}
