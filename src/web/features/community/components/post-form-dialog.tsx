import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CATEGORY_LABELS, POST_CONTENT_MAX, POST_TAGS_MAX, POST_TITLE_MAX } from '../../../../domain/constants';
import {
  createPostSchema,
  POST_FORM_DEFAULTS,
  POST_IMAGES_MAX,
  type CommunityPostView,
  type CreatePostBody,
  type CreatePostInput,
} from '../../../../domain/community';
import { COMMUNITY_CATEGORIES, type CommunityCategory } from '../../../../domain/enums';
import { CharacterCount } from '../../../components/ui/character-count';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Field, FieldError } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { SubmitButton } from '../../../components/ui/submit-button';
import { Textarea } from '../../../components/ui/textarea';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useCreatePost } from '../api/create-post';
import { useUpdatePost } from '../api/update-post';
import { PostPhotosField } from './post-photos-field';

export interface PostFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The member's own post to edit; without it the dialog starts a new post. */
  post?: CommunityPostView;
  /** Called with the new post's id once it is created. */
  onCreated?: (postId: number) => void;
  /** A new post's category to start with (the category the member is looking at). */
  category?: CommunityCategory;
}

/** 'Create New Post' (docs/product/community.md#posts): Title, Category, Content, tags and up to 4 photos; also edits a post. */
export function PostFormDialog(props: PostFormDialogProps) {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent className="max-w-2xl">{props.open && <PostForm {...props} />}</DialogContent>
    </Dialog>
  );
}

function PostForm({ onOpenChange, post, onCreated, category }: PostFormDialogProps) {
  const create = useCreatePost();
  const update = useUpdatePost();
  const [uploading, setUploading] = useState(false);
  // A refusal the member can do nothing about in a field (too many posts this hour): said in the form.
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<CreatePostInput, unknown, CreatePostBody>({
    resolver: zodResolver(createPostSchema),
    defaultValues: post
      ? {
          title: post.title,
          content: post.content,
          category: post.category,
          tags: post.tags,
          imageUrls: post.imageUrls,
        }
      : { ...POST_FORM_DEFAULTS, category: category ?? POST_FORM_DEFAULTS.category, tags: [], imageUrls: [] },
  });
  const title = useWatch({ control, name: 'title' }) ?? '';
  const content = useWatch({ control, name: 'content' }) ?? '';
  const busy = create.isPending || update.isPending;

  const onError = (error: unknown) => {
    const message = errorMessage(error, post ? 'Failed to update post' : 'Failed to create post');
    if (error instanceof ApiError && error.status === 429) setFormError(message);
    toast({
      title: post ? 'Failed to update post' : 'Failed to create post',
      description: message,
      variant: 'destructive',
    });
  };

  const onSubmit = handleSubmit((body) => {
    if (busy || uploading) return;
    setFormError(null);
    if (post) {
      update.mutate(
        { postId: post.id, body },
        {
          onSuccess: () => {
            onOpenChange(false);
            toast({ title: 'Post updated', description: 'Your changes have been saved.' });
          },
          onError,
        },
      );
    } else {
      create.mutate(body, {
        onSuccess: (created) => {
          onOpenChange(false);
          toast({ title: 'Post created successfully!' });
          onCreated?.(created.id);
        },
        onError,
      });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <DialogHeader>
        <DialogTitle>{post ? 'Edit Post' : 'Create New Post'}</DialogTitle>
        <DialogDescription>
          {post
            ? 'Change your post. It will be marked as edited.'
            : 'Share a question, a tip or your finished puzzle with the club.'}
        </DialogDescription>
      </DialogHeader>
      <div className="flex flex-col gap-5">
        <Field
          label="Title"
          error={errors.title?.message}
          note={<CharacterCount length={title.length} max={POST_TITLE_MAX} />}
        >
          <Input maxLength={POST_TITLE_MAX} {...register('title')} />
        </Field>
        <Field label="Category" error={errors.category?.message}>
          <Select {...register('category')}>
            {COMMUNITY_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {CATEGORY_LABELS[c]}
              </option>
            ))}
          </Select>
        </Field>
        <Field
          label="Content"
          error={errors.content?.message}
          note={<CharacterCount length={content.length} max={POST_CONTENT_MAX} />}
        >
          <Textarea rows={6} maxLength={POST_CONTENT_MAX} {...register('content')} />
        </Field>
        <Controller
          control={control}
          name="tags"
          render={({ field }) => (
            <Field
              label="Tags (optional)"
              hint={`Words that help members find it, separated by commas: at most ${POST_TAGS_MAX}.`}
              error={tagsError(errors.tags)}
            >
              <TagsInput value={field.value ?? []} onChange={field.onChange} onBlur={field.onBlur} />
            </Field>
          )}
        />
        <fieldset className="flex flex-col gap-2">
          <legend className="font-semibold">Photos (optional)</legend>
          <Controller
            control={control}
            name="imageUrls"
            render={({ field }) => (
              <PostPhotosField
                value={field.value ?? []}
                onChange={field.onChange}
                onBusyChange={setUploading}
                max={POST_IMAGES_MAX}
              />
            )}
          />
          <FieldError id="post-photos-error" message={errors.imageUrls?.message} />
        </fieldset>
        {formError && (
          <p
            role="alert"
            className="rounded-md border-2 border-danger-700 bg-danger-50 p-3 font-semibold text-danger-900"
          >
            {formError}
          </p>
        )}
      </div>
      <DialogFooter>
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          Cancel
        </Button>
        <SubmitButton
          busy={busy || uploading}
          label={post ? 'Save Changes' : 'Create Post'}
          busyLabel={uploading ? 'Waiting for photos...' : post ? 'Saving...' : 'Creating...'}
        />
      </DialogFooter>
    </form>
  );
}

/** 'sorting, edge pieces' as the list the post keeps; empty pieces (a trailing comma) are left out. */
export function parseTags(text: string): string[] {
  return text
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');
}

/** The first thing wrong with the tags: the list's own message, or the first tag's. */
function tagsError(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  if ('message' in error && typeof error.message === 'string') return error.message;
  const first = Object.values(error).find((e): e is { message: string } => typeof e?.message === 'string');
  return first?.message;
}

/**
 * The tags as one line of text. The member's own typing is kept as typed (a comma and a space
 * stay until the next word), and the form gets the list.
 */
function TagsInput({
  value,
  onChange,
  onBlur,
}: {
  value: string[];
  onChange: (tags: string[]) => void;
  onBlur: () => void;
}) {
  const [text, setText] = useState(value.join(', '));
  return (
    <Input
      value={text}
      autoComplete="off"
      onBlur={onBlur}
      onChange={(event) => {
        setText(event.target.value);
        onChange(parseTags(event.target.value));
      }}
    />
  );
}
