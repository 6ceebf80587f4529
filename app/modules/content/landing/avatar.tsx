import { mediaImage } from "~/modules/media/media-url";

/** A portrait, or a tasteful initials placeholder until a photo exists. */
export function Avatar({
  name,
  imageUrl,
  size,
  className = "",
  placeholder = "initials",
  priority = false,
}: {
  name: string;
  imageUrl: string;
  size: number;
  className?: string;
  /** A silhouette suits names that are titles ("His Excellency, the Executive Governor"). */
  placeholder?: "initials" | "silhouette";
  /**
   * Shown in the first screen (the hero): fetched at once, not lazily. Not with high priority:
   * on a phone the hero's text is the largest paint, and the stylesheet must not share the
   * slow link with a photo. Every other portrait waits until the visitor scrolls near it.
   */
  priority?: boolean;
}) {
  if (imageUrl) {
    return (
      <img
        {...mediaImage(imageUrl, size)}
        width={size}
        height={size}
        loading={priority ? "eager" : "lazy"}
        decoding={priority ? undefined : "async"}
        alt={name}
        className={`rounded-full object-cover ${className}`}
        style={{ width: size, height: size }}
      />
    );
  }
  if (placeholder === "silhouette") {
    return (
      <span
        role="img"
        aria-label={name}
        className={`flex items-end justify-center overflow-hidden rounded-full bg-gradient-to-br from-brand-600 to-brand-800 ${className}`}
        style={{ width: size, height: size }}
      >
        <svg viewBox="0 0 100 100" width={size * 0.8} height={size * 0.8} aria-hidden="true" className="text-brand-100/80">
          <circle cx="50" cy="36" r="22" fill="currentColor" />
          <path d="M8 100c4-24 22-36 42-36s38 12 42 36z" fill="currentColor" />
        </svg>
      </span>
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
