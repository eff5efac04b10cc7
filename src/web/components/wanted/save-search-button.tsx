import { BookmarkPlus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { SAVED_SEARCH_ALERTS, SAVED_SEARCH_ALERT_LABELS, type SavedSearchAlert } from '../../../domain/wanted-words';
import { errorMessage } from '../../lib/api-client';
import { paths } from '../../paths';
import { Button, buttonClasses } from '../ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../ui/dialog';
import { Field } from '../ui/field';
import { FormAlert } from '../ui/form-alert';
import { Input } from '../ui/input';
import { RadioOption } from '../ui/radio-option';
import { toast } from '../ui/use-toast';
import { useSaveSearch } from './wanted-api';

/**
 * 'Save this search' on browse (docs/product/wanted.md#saved-searches): keeps the filters on
 * screen, with a name and how to be told when a matching puzzle is listed.
 */
export function SaveSearchButton({ params }: { params: Record<string, string> }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [alert, setAlert] = useState<SavedSearchAlert>('instant');
  const save = useSaveSearch();
  const { sort: _sort, page: _page, pageSize: _pageSize, ...query } = params;

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate(
      { ...(name.trim() ? { name: name.trim() } : {}), query, alert },
      {
        onSuccess: (saved) => {
          setOpen(false);
          setName('');
          toast({ title: 'Search saved', description: `“${saved.name}” is on your Wanted page.` });
        },
      },
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) save.reset();
      }}
    >
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <BookmarkPlus aria-hidden="true" className="size-5" />
        Save this search
      </Button>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Save this search</DialogTitle>
          <DialogDescription>
            We will tell you when a puzzle that matches it is listed. Your saved searches are on the{' '}
            <Link to={paths.wanted.getHref()} className="underline">
              Wanted page
            </Link>
            .
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="flex flex-col gap-4">
          <FormAlert
            problem={
              save.isError
                ? { title: 'Not saved', description: errorMessage(save.error, 'The search could not be saved.') }
                : null
            }
          />
          <Field label="Name (optional)" hint="Leave it empty and we will name it from the filters.">
            <Input value={name} maxLength={60} onChange={(e) => setName(e.target.value)} />
          </Field>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 font-semibold">How should we tell you?</legend>
            {SAVED_SEARCH_ALERTS.map((value) => (
              <RadioOption
                key={value}
                name="alert"
                value={value}
                checked={alert === value}
                onChange={() => setAlert(value)}
                label={SAVED_SEARCH_ALERT_LABELS[value]}
              />
            ))}
          </fieldset>
          <DialogFooter>
            <Button type="submit" disabled={save.isPending}>
              Save search
            </Button>
            <button type="button" className={buttonClasses({ variant: 'secondary' })} onClick={() => setOpen(false)}>
              Cancel
            </button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
