/** The live 'n/2000 characters' counter under a message box (read with the box via aria-describedby). */
export function CharacterCount({ id, length, max }: { id: string; length: number; max: number }) {
  return (
    <p id={id} className="text-right text-sm text-ink-muted">
      {length}/{max} characters
    </p>
  );
}
