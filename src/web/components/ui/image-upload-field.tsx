import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { ImagePlus, Trash2 } from 'lucide-react';
import { UPLOAD_MIME_TYPES } from '../../../domain/constants';
import { errorMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { uploadImage, type UploadShape } from '../../lib/upload-image';
import { Button } from './button';

interface ImageUploadFieldProps {
  label: string;
  /** The stored image's URL, or null. */
  value: string | null | undefined;
  onChange: (url: string | null) => void;
  /** Tells the form an upload is running (saving waits for it). */
  onBusyChange: (busy: boolean) => void;
  /** 'square': the server cuts the picture square (an avatar), and the preview is round. */
  shape?: UploadShape;
}

type UploadState =
  { kind: 'idle' } | { kind: 'uploading'; preview: string; progress: number } | { kind: 'failed'; message: string };

/**
 * A photo chosen from the device or dropped on the area: a local preview with progress while
 * it uploads, then the stored (re-encoded) image; a failure says why.
 */
export function ImageUploadField({ label, value, onChange, onBusyChange, shape = 'picture' }: ImageUploadFieldProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<UploadState>({ kind: 'idle' });
  const [dragging, setDragging] = useState(false);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => () => abort.current?.abort(), []);

  async function upload(file: File) {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    const preview = URL.createObjectURL(file);
    setState({ kind: 'uploading', preview, progress: 0 });
    onBusyChange(true);
    try {
      const stored = await uploadImage(
        file,
        (progress) => setState((s) => (s.kind === 'uploading' ? { ...s, progress } : s)),
        controller.signal,
        shape,
      );
      onChange(stored.url);
      setState({ kind: 'idle' });
    } catch (error) {
      if (controller.signal.aborted) return;
      setState({
        kind: 'failed',
        message: errorMessage(error, error instanceof Error ? error.message : 'The photo could not be uploaded.'),
      });
    } finally {
      URL.revokeObjectURL(preview);
      if (!controller.signal.aborted) onBusyChange(false);
    }
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) void upload(file);
  }

  const shown = state.kind === 'uploading' ? state.preview : value;
  const percent = state.kind === 'uploading' ? Math.round(state.progress * 100) : 0;

  return (
    <div className="flex flex-col gap-2">
      <span id={`${id}-label`} className="font-semibold">
        {label}
      </span>
      <div
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          'flex min-h-56 flex-col items-center justify-center gap-3 rounded-lg border-2 border-dashed p-4 text-center',
          dragging ? 'border-brand-700 bg-brand-50' : 'border-line-strong bg-white',
        )}
      >
        {shown ? (
          <img
            src={shown}
            alt={state.kind === 'uploading' ? `${label} being uploaded` : `${label} preview`}
            className={cn(
              'max-h-48',
              shape === 'square' ? 'aspect-square rounded-full object-cover' : 'rounded object-contain',
            )}
          />
        ) : (
          <ImagePlus aria-hidden="true" className="size-12 text-ink-muted" />
        )}
        {state.kind === 'uploading' && (
          <div className="flex w-full max-w-xs flex-col gap-1">
            <progress
              max={100}
              value={percent}
              aria-labelledby={`${id}-label`}
              className="h-3 w-full accent-brand-700"
            />
            <span role="status">Uploading… {percent}%</span>
          </div>
        )}
        {state.kind !== 'uploading' && <p>Drop a photo here, or</p>}
        <div className="flex flex-wrap justify-center gap-2">
          <Button variant="secondary" disabled={state.kind === 'uploading'} onClick={() => inputRef.current?.click()}>
            {value ? `Replace ${label.toLowerCase()}` : `Choose ${label.toLowerCase()}`}
          </Button>
          {value && state.kind !== 'uploading' && (
            <Button variant="ghost" onClick={() => onChange(null)}>
              <Trash2 aria-hidden="true" className="size-5" />
              Remove {label.toLowerCase()}
            </Button>
          )}
        </div>
        <input
          ref={inputRef}
          type="file"
          accept={UPLOAD_MIME_TYPES.join(',')}
          aria-labelledby={`${id}-label`}
          className="sr-only"
          tabIndex={-1}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void upload(file);
          }}
        />
        <p className="text-ink-muted">JPEG, PNG or WebP, at most 10 MB.</p>
      </div>
      {state.kind === 'failed' && (
        <p role="alert" className="font-semibold text-danger-700">
          Upload failed: {state.message}
        </p>
      )}
    </div>
  );
}
