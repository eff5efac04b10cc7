import { Trash2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { ImageUploadField } from '../../../components/ui/image-upload-field';

/**
 * Up to `max` photos for a post: each is uploaded (POST /uploads) as soon as it is chosen and
 * shown with its own Remove button; the chooser goes away once `max` are there.
 */
export function PostPhotosField({
  value,
  onChange,
  onBusyChange,
  max,
}: {
  value: string[];
  onChange: (urls: string[]) => void;
  onBusyChange: (busy: boolean) => void;
  max: number;
}) {
  return (
    <div className="flex flex-col gap-3">
      <p className="text-ink-muted">
        Photos of your finished puzzle are welcome: up to {max} ({value.length} added).
      </p>
      {value.length > 0 && (
        <ul aria-label="Photos added" className="grid grid-cols-2 gap-3">
          {value.map((url, index) => (
            <li key={url} className="flex flex-col gap-1">
              <img src={url} alt={`Photo ${index + 1}`} className="aspect-[4/3] w-full rounded object-cover" />
              <Button variant="ghost" onClick={() => onChange(value.filter((u) => u !== url))}>
                <Trash2 aria-hidden="true" className="size-5" />
                Remove photo {index + 1}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {value.length < max ? (
        <ImageUploadField
          label="Photo"
          value={null}
          onChange={(url) => url && onChange([...value, url])}
          onBusyChange={onBusyChange}
        />
      ) : (
        <p className="text-ink-muted">You have added {max} photos, the most a post can have.</p>
      )}
    </div>
  );
}
