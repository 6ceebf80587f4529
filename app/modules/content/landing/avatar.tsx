/** A portrait, or a tasteful initials placeholder until a photo exists. */
export function Avatar({ name, imageUrl, size, className = "" }: { name: string; imageUrl: string; size: number; className?: string }) {
  if (imageUrl) {
    const ours = imageUrl.startsWith("/media/");
    return (
      <img
        src={ours ? `${imageUrl}?w=${size * 2}` : imageUrl}
        srcSet={ours ? `${imageUrl}?w=${size} 1x, ${imageUrl}?w=${size * 2} 2x` : undefined}
        width={size}
        height={size}
        loading="lazy"
        decoding="async"
        alt={name}
        className={`rounded-full object-cover ${className}`}
        style={{ width: size, height: size }}
      />
    );
  }
  const initials = name
    .replace(/^(H\.?E\.?|Dr\.?|Prof\.?|Hon\.?|Mr\.?|Mrs\.?|Ms\.?|Alh\.?|Hajiya|His Excellency,?)\s+/i, "")
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join("");
  return (
    <span
      role="img"
      aria-label={name}
      className={`flex items-center justify-center rounded-full bg-gradient-to-br from-brand-600 to-brand-800 font-bold text-white ${className}`}
      style={{ width: size, height: size, fontSize: size * 0.36 }}
    >
      {initials || "?"}
    </span>
  );
}
