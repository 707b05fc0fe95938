// The line icons beside a button's or link's text: one 24-unit path drawn in the text's colour, 18 px square,
// hidden from assistive technology (the text says what the control does).
interface LineIconProps {
  d: string;
  /** Which ends or corners of the line are rounded. */
  round: 'cap' | 'join';
}

function LineIcon({ d, round }: LineIconProps) {
  const rounded = round === 'cap' ? { strokeLinecap: 'round' as const } : { strokeLinejoin: 'round' as const };
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path fill="none" stroke="currentColor" strokeWidth="2" {...rounded} d={d} />
    </svg>
  );
}

/** The calendar button's icon, shared by the date picker and its look-alike. */
export const CalendarIcon = () => (
  <LineIcon
    round="cap"
    d="M4 7a2 2 0 0 1 2-2h12a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2zM4 10h16M8 3v4M16 3v4"
  />
);

/** The folded map of a link to the map search. */
export const MapIcon = () => <LineIcon round="join" d="M9 4 3 6v14l6-2 6 2 6-2V4l-6 2-6-2zM9 4v14M15 6v14" />;
