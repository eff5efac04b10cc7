import { CircleAlert } from 'lucide-react';
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from './toast';
import { useToast } from './use-toast';

/** Shows the toasts raised with toast(). Mounted once, at the root of the app. */
export function Toaster() {
  const { toasts, dismiss } = useToast();
  return (
    <ToastProvider>
      {toasts.map(({ id, title, description, variant, action, open }) => (
        <Toast
          key={id}
          variant={variant}
          open={open}
          onOpenChange={(isOpen) => {
            if (!isOpen) dismiss(id);
          }}
        >
          {/* A problem is told by an icon and the word 'Error' as well as by colour. */}
          {variant === 'destructive' && <CircleAlert aria-hidden="true" className="mt-0.5 size-6 shrink-0" />}
          <div className="min-w-0 flex-1">
            {title && (
              <ToastTitle>
                {variant === 'destructive' && <span className="sr-only">Error: </span>}
                {title}
              </ToastTitle>
            )}
            {description && <ToastDescription>{description}</ToastDescription>}
            {action}
          </div>
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport />
    </ToastProvider>
  );
}
