import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { ChevronDown } from 'lucide-react';
import { TEXT_SIZES } from '../../../domain/enums';
import { TEXT_SIZE_OPTIONS } from '../../../domain/constants';
import { cn } from '../../lib/cn';
import { useChooseTextSize } from '../../lib/text-size';
import { buttonClasses } from '../ui/button';
import { RadioOption } from '../ui/radio-option';

// 'Text size' from every page (issue 22, decision 0022): on the wide top bar a button that
// says the size in force ('Text size: Large') and opens the three choices under it; in the
// menu (phones, and visitors' pages below the wide layout) the three choices themselves.
// Choosing changes the whole site at once and the control stays where it is, saying what is
// now chosen: the bar is sticky, and the choices stay open until the member moves on.

/**
 * The three sizes as radio cards, each written in its own size: in the top bar's panel, the
 * menu and the profile (with `hint`, laid out in a row from 640 px).
 */
export function TextSizeChoices({
  className,
  hint,
  legendClassName = 'text-lg',
  optionsClassName,
}: {
  className?: string;
  hint?: ReactNode;
  legendClassName?: string;
  optionsClassName?: string;
}) {
  const { size: chosen, choose } = useChooseTextSize();
  const name = useId();
  const hintId = `${name}-hint`;
  return (
    <fieldset aria-describedby={hint ? hintId : undefined} className={cn('flex flex-col gap-2', className)}>
      <legend className={cn('float-left mb-2 font-bold', legendClassName)}>Text size</legend>
      {hint && (
        <p id={hintId} className="clear-left">
          {hint}
        </p>
      )}
      <div className={cn('clear-left flex flex-col gap-2', optionsClassName)}>
        {TEXT_SIZES.map((size) => (
          <RadioOption
            key={size}
            name={name}
            value={size}
            checked={chosen === size}
            onChange={() => choose(size)}
            label={
              <span style={{ fontSize: `${TEXT_SIZE_OPTIONS[size].scale}em` }}>{TEXT_SIZE_OPTIONS[size].label}</span>
            }
          />
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The wide top bar's control. Escape, a click elsewhere or the focus moving out closes the
 * choices; Escape gives the focus back to the button.
 */
export function TextSizeButton() {
  const { size } = useChooseTextSize();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: Event) => {
      if (!box.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    document.addEventListener('focusin', closeOutside);
    return () => {
      document.removeEventListener('pointerdown', closeOutside);
      document.removeEventListener('focusin', closeOutside);
    };
  }, [open]);

  return (
    <div
      ref={box}
      className="relative"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          setOpen(false);
          button.current?.focus();
        }
      }}
    >
      <button
        ref={button}
        type="button"
        className={buttonClasses({ variant: 'ghost', className: 'px-2' })}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        <span>
          Text size: <span className="text-brand-800">{TEXT_SIZE_OPTIONS[size].label}</span>
        </span>
        <ChevronDown aria-hidden="true" className={cn('size-5', open && 'rotate-180')} />
      </button>
      {open && (
        <div
          id={panelId}
          className="absolute top-full right-0 z-50 mt-1 w-64 rounded-lg border border-line bg-white p-4 shadow-xl"
        >
          <TextSizeChoices />
        </div>
      )}
    </div>
  );
}
