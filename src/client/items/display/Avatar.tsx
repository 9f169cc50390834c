/** An item's avatar (spec 000 §2): its initials on a colour derived from its id, 36 px by default. */
import { avatarColour } from './avatarColour';

/** Up to two initials of a name (first and last word). */
function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '?';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return `${first}${last}`.toUpperCase();
}

/** A round avatar with initials; decorative, as the title beside it names the item. */
export function Avatar({ id, name, size = 36 }: { id: string; name: string; size?: number }) {
  // A mid-dark colour with white initials reads on both the light and the dark surface.
  const [r, g, b] = avatarColour(id);
  return (
    <span
      aria-hidden="true"
      data-testid="avatar"
      className="inline-flex shrink-0 select-none items-center justify-center rounded-full font-semibold text-white"
      style={{ width: size, height: size, fontSize: Math.round(size * 0.4), backgroundColor: `rgb(${r}, ${g}, ${b})` }}
    >
      {initialsOf(name)}
    </span>
  );
}
