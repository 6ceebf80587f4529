import { useTranslation } from "react-i18next";
import { Avatar } from "./avatar";

const BADGE: Record<string, string> = {
  Keynote: "bg-green-100 text-green-800",
  Speaker: "bg-orange-100 text-orange-800",
  Panelist: "bg-blue-100 text-blue-800",
  Moderator: "bg-purple-100 text-purple-800",
  "Special Guest": "bg-amber-100 text-amber-900",
  "Chief Host": "bg-brand-100 text-brand-800",
  Host: "bg-brand-100 text-brand-800",
  Chairman: "bg-gray-200 text-gray-800",
};

export function PersonCard({
  name,
  title,
  bio,
  imageUrl,
  badge,
  headingLevel = 3,
}: {
  name: string;
  title: string;
  bio: string;
  imageUrl: string;
  badge: string;
  /** The name's heading: 4 where the cards sit under a section's own h3 (/editions). */
  headingLevel?: 3 | 4;
}) {
  const { t } = useTranslation();
  const Name = headingLevel === 4 ? "h4" : "h3";
  return (
    <article className="flex flex-col items-center rounded-2xl border border-gray-200 bg-white p-6 text-center shadow-sm">
      <Avatar name={name} imageUrl={imageUrl} size={112} />
      <span className={`mt-4 rounded-full px-3 py-1 text-xs font-semibold ${BADGE[badge] ?? BADGE.Speaker}`}>
        {t(`speakerType.${badge}`, { defaultValue: badge })}
      </span>
      <Name className="mt-3 text-lg font-bold text-gray-900">{name}</Name>
      <p className="text-sm font-medium text-brand-700">{title}</p>
      {bio ? <p className="mt-2 line-clamp-3 text-sm text-gray-600">{bio}</p> : null}
    </article>
  );
}
