import { useState, type FormEvent } from 'react';
import { AWAY_MAX_DAYS, DAY_MS } from '../../../../domain/constants';
import { formatClubDate } from '../../../../domain/dates';
import { AWAY_UNTIL_REQUIRED_MESSAGE } from '../../../../domain/trust';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { useMember } from '../../../lib/current-user';
import { useAway } from '../api/away';

/** 'YYYY-MM-DD' of an instant, for a date box's min and max. */
const dayOf = (at: number) => new Date(at).toISOString().slice(0, 10);

/**
 * 'I am away' (docs/product/trust.md#away): a return date up to 90 days ahead. While away the
 * member's puzzles leave browse and nobody can request them; trades already open go on. It
 * ends by itself on the return date, or at once with 'I am back'.
 */
export function AwaySection() {
  const member = useMember();
  const { setAway, endAway } = useAway();
  const [until, setUntil] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const away = member.awayUntil;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!until) {
      setProblem(AWAY_UNTIL_REQUIRED_MESSAGE);
      return;
    }
    setProblem(undefined);
    setAway.mutate(until, {
      onSuccess: (saved) =>
        toast({ title: 'You are away', description: `Welcome back on ${formatClubDate(saved.awayUntil!)}.` }),
      onError: (error) => setProblem(errorMessage(error, 'Could not save your return date. Please try again.')),
    });
  };

  const back = () =>
    endAway.mutate(undefined, {
      onSuccess: () => toast({ title: 'Welcome back', description: 'Your puzzles can be requested again.' }),
      onError: (error) =>
        toast({
          title: 'Could not end your time away',
          description: errorMessage(error, 'Please try again.'),
          variant: 'destructive',
        }),
    });

  return (
    <section aria-labelledby="away-heading" className="flex flex-col gap-4 rounded-lg border border-line bg-white p-5">
      <h2 id="away-heading" className="text-2xl font-bold">
        I am away
      </h2>
      {away ? (
        <>
          <p className="text-lg font-semibold">
            {member.awayFrom && new Date(member.awayFrom).getTime() > Date.now()
              ? `You will be away from ${formatClubDate(member.awayFrom)} until ${formatClubDate(away)}.`
              : `You are away until ${formatClubDate(away)}.`}
          </p>
          <p>Your puzzles are not shown in browse and cannot be requested meanwhile. Trades already under way go on.</p>
          <Button variant="secondary" className="self-start" onClick={back} disabled={endAway.isPending}>
            I am back
          </Button>
        </>
      ) : (
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <p>
            Going on holiday? Say when you will be back (up to {AWAY_MAX_DAYS} days ahead). Until then your puzzles
            leave browse and nobody can request them; trades already under way go on.
          </p>
          <Field label="Back on" error={problem} className="max-w-xs">
            <Input
              type="date"
              value={until}
              min={dayOf(Date.now() + DAY_MS)}
              max={dayOf(Date.now() + AWAY_MAX_DAYS * DAY_MS)}
              onChange={(e) => setUntil(e.target.value)}
            />
          </Field>
          <Button type="submit" className="self-start" disabled={setAway.isPending}>
            {setAway.isPending ? 'Please wait…' : 'I am away'}
          </Button>
        </form>
      )}
    </section>
  );
}
