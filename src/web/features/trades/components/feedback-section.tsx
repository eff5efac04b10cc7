import { withFullStop } from '../../../../domain/sentences';
import { useId, useState, type FormEvent } from 'react';
import { Star } from 'lucide-react';
import { FEEDBACK_COMMENT_MAX, FEEDBACK_RESPONSE_MAX, REPORT_DETAILS_MAX } from '../../../../domain/constants';
import { REPORT_REASONS } from '../../../../domain/enums';
import { feedbackReportSchema, feedbackResponseSchema, feedbackSchema } from '../../../../domain/trades';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { formatCommunityDate } from '../../../lib/format';
import { useLeaveFeedback } from '../api/leave-feedback';
import { useReportFeedback } from '../api/report-feedback';
import { useRespondToFeedback } from '../api/respond-to-feedback';
import { useTradeFeedback } from '../api/get-trade-feedback';
import type { Feedback, Trade } from '../types';
import { fieldErrors, StepDialog } from '../../../components/ui/step-dialog';
import { tradeNumber } from './trade-status';

const fieldClasses = 'w-full rounded-md border-2 border-line-strong bg-white px-3 py-2 text-base text-ink';
const RATING_WORDS = ['', 'Poor', 'Fair', 'Good', 'Very good', 'Excellent'];
const REASON_LABELS: Record<(typeof REPORT_REASONS)[number], string> = {
  inappropriate: 'Inappropriate',
  spam: 'Spam',
  harassment: 'Harassment',
  other: 'Other',
};

/** '4 out of 5 stars' in words, the stars drawn beside it for the eye. */
export function StarRating({ rating }: { rating: number }) {
  return (
    <span className="inline-flex items-center gap-2">
      <span aria-hidden="true" className="inline-flex">
        {[1, 2, 3, 4, 5].map((n) => (
          <Star
            key={n}
            className={`size-5 ${n <= rating ? 'fill-highlight-900 text-highlight-900' : 'text-line-strong'}`}
          />
        ))}
      </span>
      <span className="font-semibold">{rating} out of 5 stars</span>
    </span>
  );
}

/** After completion: this member's feedback form or what they said, and what they received. */
export function FeedbackSection({ trade }: { trade: Trade }) {
  const query = useTradeFeedback(trade.id);
  // Held here, not in the form: the form goes away as soon as the feedback is saved, and the
  // success toast must still be shown.
  const leave = useLeaveFeedback(trade.id);
  const other = trade.otherPartyName ?? 'the other member';

  return (
    <section
      aria-label={`Feedback for ${tradeNumber(trade.id)}`}
      className="flex flex-col gap-4 rounded-md border border-line p-4"
    >
      <h4 className="text-lg font-bold">Feedback</h4>
      {query.isPending ? (
        <Spinner label="Loading feedback" />
      ) : query.isError ? (
        <p>Failed to load feedback.</p>
      ) : (
        <>
          {query.data.canLeave && <FeedbackForm leave={leave} otherName={other} />}
          {query.data.given && (
            <div className="flex flex-col gap-1">
              <p className="font-semibold">Your feedback for {other}</p>
              <StarRating rating={query.data.given.rating} />
              <p className="whitespace-pre-line">{query.data.given.comment}</p>
            </div>
          )}
          {query.data.received ? (
            <ReceivedFeedback feedback={query.data.received} />
          ) : query.data.receivedHidden ? (
            <p>
              {other} has left you feedback. You will see it once you have left yours
              {query.data.visibleFrom ? `, or from ${formatCommunityDate(query.data.visibleFrom)}` : ''}.
            </p>
          ) : !query.data.canLeave ? (
            <p>{other} has not left feedback yet.</p>
          ) : null}
        </>
      )}
    </section>
  );
}

function FeedbackForm({ leave, otherName }: { leave: ReturnType<typeof useLeaveFeedback>; otherName: string }) {
  const id = useId();
  const [rating, setRating] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (leave.isPending) return;
    const parsed = feedbackSchema.safeParse({ rating: rating ?? undefined, comment });
    if (!parsed.success) {
      const found = fieldErrors(parsed.error.issues);
      if (found.rating && rating === null) found.rating = 'Please choose a rating';
      setErrors(found);
      document.getElementById(found.rating ? `${id}-rating-1` : `${id}-comment`)?.focus();
      return;
    }
    setErrors({});
    leave.mutate(parsed.data, {
      onSuccess: () =>
        toast({ title: 'Feedback sent', description: `Thank you for rating ${withFullStop(otherName)}` }),
      onError: (error) =>
        toast({
          title: 'Failed to send feedback',
          description: errorMessage(error, 'Please try again'),
          variant: 'destructive',
        }),
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <fieldset className="flex flex-col gap-2" aria-describedby={errors.rating ? `${id}-rating-error` : undefined}>
        <legend className="mb-2 font-semibold">How was your trade with {otherName}?</legend>
        <div className="flex flex-wrap gap-2">
          {[1, 2, 3, 4, 5].map((n) => (
            <label
              key={n}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border-2 border-line-strong px-3 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
            >
              <input
                id={`${id}-rating-${n}`}
                type="radio"
                name={`${id}-rating`}
                value={n}
                checked={rating === n}
                onChange={() => setRating(n)}
                className="size-5 accent-brand-700"
              />
              <Star aria-hidden="true" className="size-5 fill-highlight-900 text-highlight-900" />
              {n} {n === 1 ? 'star' : 'stars'} – {RATING_WORDS[n]}
            </label>
          ))}
        </div>
        {errors.rating && (
          <p id={`${id}-rating-error`} className="font-semibold text-danger-700">
            {errors.rating}
          </p>
        )}
      </fieldset>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-comment`} className="font-semibold">
          Comment
        </label>
        <textarea
          id={`${id}-comment`}
          className={`min-h-28 ${fieldClasses}`}
          rows={4}
          maxLength={FEEDBACK_COMMENT_MAX}
          value={comment}
          aria-invalid={errors.comment ? true : undefined}
          aria-describedby={`${id}-comment-count${errors.comment ? ` ${id}-comment-error` : ''}`}
          onChange={(event) => setComment(event.target.value)}
        />
        <p id={`${id}-comment-count`} className="text-right text-sm text-ink-muted">
          {comment.length}/{FEEDBACK_COMMENT_MAX} characters
        </p>
        {errors.comment && (
          <p id={`${id}-comment-error`} className="font-semibold text-danger-700">
            {errors.comment}
          </p>
        )}
      </div>
      <Button type="submit" className="self-start" disabled={leave.isPending}>
        {leave.isPending ? 'Sending…' : 'Send feedback'}
      </Button>
    </form>
  );
}

function ReceivedFeedback({ feedback }: { feedback: Feedback }) {
  const id = useId();
  const respond = useRespondToFeedback(feedback.id);
  const report = useReportFeedback(feedback.id);
  const [responding, setResponding] = useState(false);
  const [response, setResponse] = useState('');
  const [responseError, setResponseError] = useState<string | null>(null);
  const [reportOpen, setReportOpen] = useState(false);

  const onRespond = (event: FormEvent) => {
    event.preventDefault();
    if (respond.isPending) return;
    const parsed = feedbackResponseSchema.safeParse({ response });
    if (!parsed.success) {
      setResponseError(parsed.error.issues[0]?.message ?? 'Response is required');
      document.getElementById(`${id}-response`)?.focus();
      return;
    }
    setResponseError(null);
    respond.mutate(parsed.data, {
      onSuccess: () => {
        setResponding(false);
        toast({ title: 'Response posted', description: 'Your response is shown under the feedback.' });
      },
      onError: (error) =>
        toast({
          title: 'Failed to post response',
          description: errorMessage(error, 'Please try again'),
          variant: 'destructive',
        }),
    });
  };

  return (
    <div className="flex flex-col gap-2 border-t border-line pt-4">
      <p className="font-semibold">Feedback from {feedback.fromName}</p>
      <StarRating rating={feedback.rating} />
      <p className="whitespace-pre-line">{feedback.comment}</p>
      <p className="text-sm text-ink-muted">{formatCommunityDate(feedback.createdAt)}</p>

      {feedback.response ? (
        <div className="ml-4 border-l-4 border-brand-700 pl-3">
          <p className="font-semibold">Your response</p>
          <p className="whitespace-pre-line">{feedback.response.response}</p>
        </div>
      ) : responding ? (
        <form onSubmit={onRespond} noValidate className="flex flex-col gap-2">
          <label htmlFor={`${id}-response`} className="font-semibold">
            Your response
          </label>
          <textarea
            id={`${id}-response`}
            className={`min-h-24 ${fieldClasses}`}
            rows={3}
            maxLength={FEEDBACK_RESPONSE_MAX}
            value={response}
            aria-invalid={responseError ? true : undefined}
            aria-describedby={`${id}-response-count${responseError ? ` ${id}-response-error` : ''}`}
            onChange={(event) => setResponse(event.target.value)}
          />
          <p id={`${id}-response-count`} className="text-right text-sm text-ink-muted">
            {response.length}/{FEEDBACK_RESPONSE_MAX} characters
          </p>
          {responseError && (
            <p id={`${id}-response-error`} className="font-semibold text-danger-700">
              {responseError}
            </p>
          )}
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={respond.isPending}>
              {respond.isPending ? 'Posting…' : 'Post response'}
            </Button>
            <Button variant="secondary" onClick={() => setResponding(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : null}

      <div className="flex flex-wrap gap-3">
        {!feedback.response && !responding && (
          <Button variant="secondary" onClick={() => setResponding(true)}>
            Respond
          </Button>
        )}
        <Button variant="ghost" className="underline" onClick={() => setReportOpen(true)}>
          Report
        </Button>
      </div>

      <StepDialog
        open={reportOpen}
        onOpenChange={setReportOpen}
        title="Report this feedback"
        description={<p>A club administrator will review it.</p>}
        fields={[
          {
            name: 'reason',
            label: 'Reason',
            required: true,
            maxLength: 50,
            options: [
              { value: '', label: 'Choose a reason' },
              ...REPORT_REASONS.map((r) => ({ value: r, label: REASON_LABELS[r] })),
            ],
          },
          { name: 'details', label: 'Details', multiline: true, maxLength: REPORT_DETAILS_MAX, required: true },
        ]}
        confirmLabel="Send report"
        isPending={report.isPending}
        validate={(v) => {
          const parsed = feedbackReportSchema.safeParse({ reason: v.reason || undefined, details: v.details });
          return parsed.success ? {} : fieldErrors(parsed.error.issues);
        }}
        onConfirm={(v) =>
          report.mutate(
            { reason: v.reason as (typeof REPORT_REASONS)[number], details: v.details!.trim() },
            {
              onSuccess: () => {
                setReportOpen(false);
                toast({ title: 'Report sent', description: 'Thank you. A club administrator will review it.' });
              },
              onError: (error) =>
                toast({
                  title: 'Failed to send report',
                  description: errorMessage(error, 'Please try again'),
                  variant: 'destructive',
                }),
            },
          )
        }
      />
    </div>
  );
}
