import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Star } from 'lucide-react';
import { z } from 'zod';
import { withFullStop } from '../../../../domain/sentences';
import { FEEDBACK_COMMENT_MAX, FEEDBACK_RESPONSE_MAX, REPORT_DETAILS_MAX } from '../../../../domain/constants';
import { REPORT_REASONS } from '../../../../domain/enums';
import {
  feedbackReportSchema,
  feedbackResponseSchema,
  feedbackSchema,
  type FeedbackBody,
  type FeedbackResponseBody,
  type Feedback,
  type Trade,
} from '../../../../domain/trades';
import { MemberNameLink } from '../../../components/members/member-name-link';
import { Button } from '../../../components/ui/button';
import { CharacterCount } from '../../../components/ui/character-count';
import { ErrorState } from '../../../components/ui/error-state';
import { Field, FieldError } from '../../../components/ui/field';
import { RadioOption } from '../../../components/ui/radio-option';
import { Spinner } from '../../../components/ui/spinner';
import { StarRating } from '../../../components/ui/star-rating';
import { StepDialog } from '../../../components/ui/step-dialog';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { formatCommunityDate } from '../../../lib/format';
import { useLeaveFeedback } from '../api/leave-feedback';
import { useReportFeedback } from '../api/report-feedback';
import { useRespondToFeedback } from '../api/respond-to-feedback';
import { useTradeFeedback } from '../api/get-trade-feedback';
import { tradeNumber } from './trade-status';
import { plural } from '../../../../domain/sentences';

const RATING_WORDS = ['', 'Poor', 'Fair', 'Good', 'Very good', 'Excellent'];
const REASON_LABELS: Record<(typeof REPORT_REASONS)[number], string> = {
  inappropriate: 'Inappropriate',
  spam: 'Spam',
  harassment: 'Harassment',
  other: 'Other',
};

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
        <ErrorState message="Failed to load feedback." onRetry={() => void query.refetch()} />
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

// The rating arrives from the radios as text ('' until one is chosen); the domain rule checks the number.
const feedbackFormSchema = feedbackSchema.extend({
  rating: z
    .string()
    .transform((value) => (value ? Number(value) : undefined))
    .pipe(z.number({ error: 'Please choose a rating' }).pipe(feedbackSchema.shape.rating)),
});
type FeedbackFormValues = z.input<typeof feedbackFormSchema>;
type ResponseValues = z.input<typeof feedbackResponseSchema>;

function FeedbackForm({ leave, otherName }: { leave: ReturnType<typeof useLeaveFeedback>; otherName: string }) {
  const id = useId();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<FeedbackFormValues, unknown, FeedbackBody>({
    resolver: zodResolver(feedbackFormSchema),
    defaultValues: { rating: '', comment: '' },
  });
  const comment = useWatch({ control, name: 'comment' });

  const onSubmit = handleSubmit((body) => {
    if (leave.isPending) return;
    leave.mutate(body, {
      onSuccess: () =>
        toast({ title: 'Feedback sent', description: `Thank you for rating ${withFullStop(otherName)}` }),
      onError: (error) =>
        toast({
          title: 'Failed to send feedback',
          description: errorMessage(error, 'Please try again'),
          variant: 'destructive',
        }),
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <fieldset className="flex flex-col gap-2" aria-describedby={errors.rating ? `${id}-rating-error` : undefined}>
        <legend className="mb-2 font-semibold">How was your trade with {otherName}?</legend>
        <div className="flex flex-wrap gap-2">
          {[1, 2, 3, 4, 5].map((n) => (
            <RadioOption
              key={n}
              value={n}
              {...register('rating')}
              label={
                <>
                  <Star aria-hidden="true" className="size-5 fill-highlight-900 text-highlight-900" />
                  {plural(n, 'star')} – {RATING_WORDS[n]}
                </>
              }
            />
          ))}
        </div>
        <FieldError id={`${id}-rating-error`} message={errors.rating?.message} />
      </fieldset>
      {/* Said before she sends, not only as an error after (issue 22): the word 'Required' by the field. */}
      <Field
        label="Comment"
        hint={
          <>
            <strong className="text-ink">Required.</strong> A few words about how the trade went, before you send.
          </>
        }
        error={errors.comment?.message}
        note={<CharacterCount length={comment.length} max={FEEDBACK_COMMENT_MAX} />}
      >
        <Textarea maxLength={FEEDBACK_COMMENT_MAX} aria-required="true" {...register('comment')} />
      </Field>
      <Button type="submit" className="self-start" disabled={leave.isPending}>
        {leave.isPending ? 'Sending…' : 'Send feedback'}
      </Button>
    </form>
  );
}

function ReceivedFeedback({ feedback }: { feedback: Feedback }) {
  const respond = useRespondToFeedback(feedback.id);
  const report = useReportFeedback(feedback.id);
  const [responding, setResponding] = useState(false);
  const [reportOpen, setReportOpen] = useState(false);

  return (
    <div className="flex flex-col gap-2 border-t border-line pt-4">
      <p className="font-semibold">
        Feedback from <MemberNameLink id={feedback.fromUserId} name={feedback.fromName} />
      </p>
      <StarRating rating={feedback.rating} />
      <p className="whitespace-pre-line">{feedback.comment}</p>
      <p className="text-sm text-ink-muted">{formatCommunityDate(feedback.createdAt)}</p>

      {feedback.response ? (
        <div className="ml-4 border-l-4 border-brand-700 pl-3">
          <p className="font-semibold">Your response</p>
          <p className="whitespace-pre-line">{feedback.response.response}</p>
        </div>
      ) : responding ? (
        <ResponseForm respond={respond} onDone={() => setResponding(false)} />
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
        schema={feedbackReportSchema}
        onConfirm={(body) =>
          report.mutate(body, {
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
          })
        }
      />
    </div>
  );
}

/** The answer to feedback received: one text, shown under the feedback once posted. */
function ResponseForm({ respond, onDone }: { respond: ReturnType<typeof useRespondToFeedback>; onDone: () => void }) {
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<ResponseValues, unknown, FeedbackResponseBody>({
    resolver: zodResolver(feedbackResponseSchema),
    defaultValues: { response: '' },
  });
  const response = useWatch({ control, name: 'response' });

  const onSubmit = handleSubmit((body) => {
    if (respond.isPending) return;
    respond.mutate(body, {
      onSuccess: () => {
        onDone();
        toast({ title: 'Response posted', description: 'Your response is shown under the feedback.' });
      },
      onError: (error) =>
        toast({
          title: 'Failed to post response',
          description: errorMessage(error, 'Please try again'),
          variant: 'destructive',
        }),
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2">
      <Field
        label="Your response"
        error={errors.response?.message}
        note={<CharacterCount length={response.length} max={FEEDBACK_RESPONSE_MAX} />}
      >
        <Textarea rows={3} maxLength={FEEDBACK_RESPONSE_MAX} {...register('response')} />
      </Field>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={respond.isPending}>
          {respond.isPending ? 'Posting…' : 'Post response'}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
