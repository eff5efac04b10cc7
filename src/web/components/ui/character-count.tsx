/** The live 'n/2000 characters' count under a text box (a Field's note, read with the box). */
export function CharacterCount({ length, max }: { length: number; max: number }) {
  return (
    <p className="text-right text-sm">
      {length}/{max} characters
    </p>
  );
}
