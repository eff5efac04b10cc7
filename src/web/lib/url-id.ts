// The one reading of an id in an address (/members/12, ?post=34, ?edit=5): a positive whole
// number of at most 10 digits, else null, so a page shows its 'not found' state for anything
// else without asking the server.

export function parseUrlId(raw: string | null | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}
