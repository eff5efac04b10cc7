import type { ReactNode } from 'react';
import {
  CONDITION_PREFERENCE_LABELS,
  PREFERRED_DIFFICULTY_LABELS,
  PROFILE_MAX_PIECES_DEFAULT,
  PROFILE_MIN_PIECES_DEFAULT,
  PROFILE_POINTS_FALLBACK,
} from '../../../../domain/constants';
import { DEFAULT_COUNTRY } from '../../../../domain/profile';
import { formatMemberSince, formatPuzzlePoints } from '../../../lib/format';
import type { Manufacturer } from '../../../../domain/manufacturers';
import type { MemberSelf } from '../../../../domain/members';

const NOT_GIVEN = 'Not added yet';

/** The profile in view mode: what is saved, section by section. */
export function ProfileSummary({
  member,
  manufacturers,
}: {
  member: MemberSelf;
  manufacturers: Manufacturer[] | undefined;
}) {
  const name = [member.firstName, member.lastName].filter(Boolean).join(' ');
  const addressLines = [member.line_1, member.line_2, member.locality, member.town_or_city, member.county].filter(
    (line): line is string => Boolean(line),
  );
  const min = member.minPieceCount ?? PROFILE_MIN_PIECES_DEFAULT;
  const max = member.maxPieceCount ?? PROFILE_MAX_PIECES_DEFAULT;
  const chosen = new Set(member.preferredManufacturers ?? []);
  const brandNames = (manufacturers ?? []).filter((m) => chosen.has(m.id)).map((m) => m.name);
  const uk = (member.country || DEFAULT_COUNTRY) === DEFAULT_COUNTRY;

  return (
    <>
      <SummarySection title="Personal Information">
        <Item term="Name">{name || NOT_GIVEN}</Item>
        <Item term="Phone number">{member.phone || NOT_GIVEN}</Item>
      </SummarySection>

      <SummarySection title="Address Information">
        <Item term="Country">{member.country || DEFAULT_COUNTRY}</Item>
        <Item term="Address">
          {addressLines.length > 0
            ? addressLines.map((line, index) => (
                <span key={index} className="block">
                  {line}
                </span>
              ))
            : NOT_GIVEN}
        </Item>
        <Item term={uk ? 'Postcode' : 'Postal/ZIP Code'}>{member.postcode || NOT_GIVEN}</Item>
      </SummarySection>

      <SummarySection title="Puzzle Preferences">
        <Item term="Preferred difficulty">{PREFERRED_DIFFICULTY_LABELS[member.preferredDifficulty ?? 'any']}</Item>
        <Item term="Condition preference">{CONDITION_PREFERENCE_LABELS[member.conditionPreference ?? 'any']}</Item>
        <Item term="Piece count">
          {min.toLocaleString('en-GB')} to {max.toLocaleString('en-GB')} pieces
        </Item>
        <Item term="Preferred manufacturers">{brandNames.length > 0 ? brandNames.join(', ') : 'No preference'}</Item>
      </SummarySection>
    </>
  );
}

/** Account Information: read-only in both modes (the e-mail address cannot be changed). */
export function AccountInformation({ member }: { member: MemberSelf }) {
  const since = member.joinedAt ?? member.createdAt;
  return (
    <SummarySection title="Account Information">
      <Item term="Email">{member.email}</Item>
      {since && <Item term="Member since">{formatMemberSince(since)}</Item>}
      <Item term="PuzzlePoints balance">{formatPuzzlePoints(member.puzzlePoints ?? PROFILE_POINTS_FALLBACK)}</Item>
    </SummarySection>
  );
}

function SummarySection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-lg border border-line p-4 sm:p-6">
      <h2 className="text-2xl font-bold">{title}</h2>
      <dl className="mt-4 grid grid-cols-[minmax(0,1fr)] gap-4 sm:grid-cols-[minmax(0,16rem)_minmax(0,1fr)]">
        {children}
      </dl>
    </section>
  );
}

function Item({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="contents">
      <dt className="font-semibold">{term}</dt>
      <dd className="break-words max-sm:-mt-3">{children}</dd>
    </div>
  );
}
