import type { MemberRow } from './sessions-repository';

/** A member as the API shows them to themselves: never the password hash. */
export function toMemberDto(member: MemberRow) {
  const { passwordHash: _hash, ...rest } = member;
  return rest;
}
export type MemberDto = ReturnType<typeof toMemberDto>;
